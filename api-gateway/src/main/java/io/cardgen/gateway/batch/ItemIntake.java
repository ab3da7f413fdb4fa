package io.cardgen.gateway.batch;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.common.request.ParseResult;
import io.cardgen.common.request.RequestParser;
import io.cardgen.common.request.Texts;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.common.wire.WireJson;
import io.cardgen.gateway.job.PlanPolicy;
import io.cardgen.gateway.photo.PhotoIntake;
import io.cardgen.gateway.photo.PhotoUploads;
import io.cardgen.gateway.plan.Plan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Checks each item of a batch as it is read, with the synchronous endpoint's parser and plan rules,
 * and keeps what the batch needs to be created: per valid item its job id and spec (with its inline
 * photos already stored), per refused item its error (the first 100). Once an item is refused no
 * further photo is stored, since the batch will be refused; {@link #storedPhotos()} are then
 * deleted by the caller.
 */
final class ItemIntake implements BatchBody.ItemSink {

  static final int MAX_ERRORS = 100;
  private static final Pattern CUSTOM_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

  /** An accepted item: the job it becomes. */
  record NewItem(UUID jobId, String customId, int line, String specJson) {}

  private final Plan plan;
  private final PhotoIntake photos;
  private final RequestParser parser = new RequestParser(ApiRevision.CURRENT);
  private final List<NewItem> items = new ArrayList<>();
  private final List<BatchEnvelope.ItemError> errors = new ArrayList<>();
  private final Set<String> customIds = new HashSet<>();
  private final PhotoUploads uploads;
  private final long available;
  private int refused;
  private int seen;
  private long keptBytes;
  private boolean droppedKept;

  /**
   * @param available the credits the account had free at authentication: once a batch has more
   *     items, it will be refused (403), and nothing more is checked or kept
   */
  ItemIntake(Plan plan, PhotoIntake photos, PhotoUploads uploads, long available) {
    this.plan = plan;
    this.photos = photos;
    this.uploads = uploads;
    this.available = available;
  }

  /**
   * Once the batch is sure to be refused for its size (more items than credits, or its items too
   * large to keep: {@link #dropKept}), the rest of the body is read but nothing in it is checked,
   * kept or stored: the client, which sends its body before reading the answer, gets the refusal
   * rather than a connection broken mid-upload, and the refusal costs no memory.
   */
  @Override
  public boolean accept(JsonNode item, int line) {
    if (++seen > available && !droppedKept) {
      dropKept();
    }
    if (droppedKept) {
      return true;
    }
    String customId = customId(item);
    Problem problem = check(item, customId, line);
    if (problem != null) {
      refused++;
      errors.add(
          new BatchEnvelope.ItemError(
              echoed(customId), line, problem.code().code(), problem.message()));
    }
    return errors.size() < MAX_ERRORS;
  }

  /**
   * The custom id as the error list quotes it: a valid one as it is, an invalid one {@linkplain
   * Texts#quote quoted} (short, printable). An invalid id can be as long as the body (32 MB): a
   * hundred of them kept whole would be held and sent back outside the memory the body was admitted
   * with.
   */
  private static String echoed(String customId) {
    return customId == null || CUSTOM_ID.matcher(customId).matches()
        ? customId
        : Texts.quote(customId);
  }

  private record Problem(ErrorCode code, String message) {
    static Problem invalid(String key, Object... arguments) {
      return new Problem(ErrorCode.INVALID_PARAMETERS, Messages.format(key, arguments));
    }
  }

  /** Null when the item was accepted. */
  private Problem check(JsonNode item, String customId, int line) {
    if (!item.isObject()) {
      return Problem.invalid("batch.item_not_object");
    }
    if (customId == null || !CUSTOM_ID.matcher(customId).matches()) {
      return Problem.invalid("batch.custom_id");
    }
    if (!customIds.add(customId)) {
      return Problem.invalid("batch.custom_id_duplicate", customId);
    }
    JsonNode request = item.get("request");
    if (request == null || !request.isObject()) {
      return Problem.invalid("batch.request_missing");
    }
    ParseResult parsed = parser.parse(request);
    if (parsed instanceof ParseResult.Invalid invalid) {
      return new Problem(ErrorCode.INVALID_PARAMETERS, invalid.message());
    }
    var generation = ((ParseResult.Valid) parsed).request();
    PlanPolicy.Decision decision = PlanPolicy.apply(generation, plan, ApiRevision.CURRENT);
    if (decision instanceof PlanPolicy.Refused planRefused) {
      return new Problem(planRefused.code(), planRefused.message());
    }
    PhotoIntake.Intake intake = photos.prepareForLater(generation.photos());
    if (intake instanceof PhotoIntake.Intake.Rejected rejected) {
      return new Problem(ErrorCode.IMAGE_INVALID, rejected.message());
    }
    if (refused == 0) {
      keep(customId, line, ((PlanPolicy.Allowed) decision).spec(), intake);
    }
    return null;
  }

  private void keep(String customId, int line, CardSpec spec, PhotoIntake.Intake intake) {
    UUID jobId = UUID.randomUUID();
    List<PhotoRef> refs =
        photos.store(jobId, ((PhotoIntake.Intake.Accepted) intake).photos(), uploads);
    String specJson = WireJson.write(spec.withPhotos(refs));
    items.add(new NewItem(jobId, customId, line, specJson));
    // Held until the transaction: a string's characters (two bytes each once one is not Latin-1),
    // the item and its ids.
    keptBytes += 2L * specJson.length() + 2L * customId.length() + 160;
  }

  private static String customId(JsonNode item) {
    JsonNode id = item.isObject() ? item.get("custom_id") : null;
    return id != null && id.isString() ? id.asString() : null;
  }

  int refusedCount() {
    return refused;
  }

  /** Whether the body held more items than the account had credits free (403). */
  boolean overBalance() {
    return seen > available;
  }

  /**
   * Lets go of the items kept so far, for a batch that will be refused: its items outgrew the
   * memory batches may hold, or its count the credits.
   */
  void dropKept() {
    droppedKept = true;
    items.clear();
    errors.clear();
    keptBytes = 0;
  }

  /** Whether the kept items were let go of for their size ({@link #dropKept}), not for credits. */
  boolean tooLargeToKeep() {
    return droppedKept && !overBalance();
  }

  /** The heap the items kept for the transaction take. */
  long keptBytes() {
    return keptBytes;
  }

  List<NewItem> items() {
    return items;
  }

  List<BatchEnvelope.ItemError> errors() {
    return errors;
  }

  /** Waits until every accepted item's photos are stored; throws if one could not be. */
  void awaitPhotos() {
    uploads.finish();
  }

  /** The photos that reached storage, once no upload is running any more. */
  List<PhotoRef> storedPhotos() {
    return uploads.stored().stream().map(PhotoRef::stored).toList();
  }

  /**
   * The code the batch is refused with: a plan failure answers 403 as it would for one card,
   * anything else 422.
   */
  ErrorCode refusalCode() {
    return errors.stream()
        .map(error -> ErrorCode.fromCode(error.code()).orElseThrow())
        .filter(code -> code.httpStatus() == 403)
        .findFirst()
        .orElse(ErrorCode.INVALID_PARAMETERS);
  }
}
