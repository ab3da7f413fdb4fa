package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchObject;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.gateway.api.IntakeMemory;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.photo.PhotoIntake;
import io.cardgen.gateway.photo.PhotoUploads;
import io.cardgen.gateway.photo.RefusedBatchPhotos;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.web.Sizes;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.unit.DataSize;

/**
 * Creating a batch (batch-api §2): a key already used answers from its batch; otherwise the body is
 * read as a stream, every item checked and its inline photos stored as they come, then one
 * transaction records the batch, its items as queued jobs and the reservation of all their credits
 * — or nothing. Whatever is refused, the photos stored for it are deleted again, through the
 * removal queue ({@link RefusedBatchPhotos}): the answer does not wait for thousands of deletes.
 *
 * <p>A commit can succeed in PostgreSQL while its answer is lost on the way back: when the
 * transaction fails, PostgreSQL's status of that transaction decides, and when it cannot be read or
 * the commit is still under way the photos stay ({@link CommitInDoubt}).
 */
@Component
class BatchCreation {

  sealed interface Outcome {}

  record Created(BatchObject batch) implements Outcome {}

  record Replayed(BatchObject batch) implements Outcome {}

  record Refused(ErrorCode code, String message, List<BatchEnvelope.ItemError> errors)
      implements Outcome {
    Refused(ErrorCode code) {
      this(code, Messages.of(code), null);
    }
  }

  record TooLarge() implements Outcome {}

  /** No memory to read the body in came free in time (503, like a card request's). */
  record NoRoom() implements Outcome {}

  /**
   * The key's batch was removed after its retention while this retry of it was read (503): the key
   * is free again, so the client's next retry creates the batch anew, as it would a moment later
   * anyway.
   */
  record KeyExpired() implements Outcome {}

  /** Another request recorded a batch under the same key first. */
  private record KeyTaken() implements Outcome {}

  /**
   * The transaction failed ({@linkplain #getCause() the cause}, a failed lookup suppressed in it)
   * and whether it committed could not be read back, PostgreSQL was still committing it, or it said
   * committed where the batch cannot be seen (yet). The photos stay: if it did, its items run and
   * need them, and an orphaned photo costs far less than a batch whose every item fails. Ends as
   * any unexpected failure does: 503, and the client's retry with the key finds out.
   */
  static final class CommitInDoubt extends RuntimeException {
    private CommitInDoubt(RuntimeException failure) {
      super("Batch transaction failed and whether it committed is unknown", failure);
    }
  }

  /** What the request says besides its body. */
  record Request(
      Account account, Plan plan, String key, BatchBody.Format format, BatchOptions.Raw query) {}

  private static final Logger log = LoggerFactory.getLogger(BatchCreation.class);

  private final BatchStore store;
  private final PhotoIntake photos;
  private final RefusedBatchPhotos refusedPhotos;
  private final BatchOptions options;
  private final BatchBody body;
  private final DataSize maxItemSize;
  private final TransactionTemplate transaction;
  private final JobStatistics statistics;
  private final IntakeMemory memory;
  private final Clock clock;

  BatchCreation(
      BatchStore store,
      PhotoIntake photos,
      RefusedBatchPhotos refusedPhotos,
      BatchOptions options,
      BatchProperties properties,
      TransactionTemplate transaction,
      JobStatistics statistics,
      IntakeMemory memory,
      Clock clock) {
    this.memory = memory;
    this.store = store;
    this.photos = photos;
    this.refusedPhotos = refusedPhotos;
    this.options = options;
    this.body =
        new BatchBody(
            properties.maxBodySize().toBytes(),
            properties.maxItems(),
            properties.maxItemSize().toBytes());
    this.maxItemSize = properties.maxItemSize();
    this.transaction = transaction;
    this.statistics = statistics;
    this.clock = clock;
  }

  Outcome create(Request request, InputStream in) throws IOException {
    UUID account = request.account().id();
    String context = request.format() + "\n" + request.query().context() + "\n";
    Optional<BatchStore.Keyed> earlier =
        request.key() == null ? Optional.empty() : store.findByKey(account, request.key());
    if (earlier.isPresent()) {
      BatchBody.Outcome read = body.fingerprint(in, request.format(), context);
      return read instanceof BatchBody.Read hashed
          ? replay(account, earlier.get(), hashed.fingerprint())
          : new TooLarge();
    }
    // As read at authentication: refuses the common case before any photo reaches storage; the
    // reservation in the transaction is what guards the balance against racing requests.
    if (request.account().balance() - request.account().reserved() < 1) {
      return new Refused(ErrorCode.INSUFFICIENT_CREDITS);
    }
    Optional<IntakeMemory.Lease> room = memory.admitBatch(heapFor(0));
    if (room.isEmpty()) {
      return new NoRoom();
    }
    try (IntakeMemory.Lease lease = room.get();
        PhotoUploads uploads = photos.uploads()) {
      ItemIntake items =
          new ItemIntake(
              request.plan(),
              photos,
              uploads,
              request.account().balance() - request.account().reserved());
      Outcome outcome;
      try {
        outcome = readAndRecord(request, in, context, items, lease);
      } catch (CommitInDoubt unknown) {
        // The batch may be recorded and about to run: its photos stay.
        throw unknown;
      } catch (RuntimeException | IOException failure) {
        refusedPhotos.discard(items.storedPhotos());
        throw failure;
      }
      if (!(outcome instanceof Created)) {
        refusedPhotos.discard(items.storedPhotos());
      }
      return outcome;
    }
  }

  /**
   * The heap a creation holds while reading an item of {@code itemBytes} so far: the item at a card
   * body's footprint, and the photos on their way to storage.
   */
  private static long heapFor(long itemBytes) {
    return PhotoIntake.BATCH_UPLOAD_BYTES
        + IntakeMemory.FOOTPRINT * Math.max(itemBytes, BatchBody.ROOM_STEP);
  }

  private Outcome readAndRecord(
      Request request, InputStream in, String context, ItemIntake items, IntakeMemory.Lease lease)
      throws IOException {
    BatchBody.Outcome read =
        body.read(
            in,
            request.format(),
            context,
            items,
            itemBytes -> {
              if (items.keptBytes() > memory.batchShareBytes()) {
                // More than all batches may hold while being read: the batch will be refused.
                items.dropKept();
              }
              return lease.settleHeap(heapFor(itemBytes) + items.keptBytes());
            });
    if (read instanceof BatchBody.TooLarge) {
      return new TooLarge();
    }
    if (read instanceof BatchBody.NoRoom) {
      return new NoRoom();
    }
    if (read instanceof BatchBody.ItemTooLarge item) {
      return new Refused(
          ErrorCode.PAYLOAD_TOO_LARGE,
          Messages.format(
              "batch.item_too_large",
              item.position(),
              Sizes.inRussian(maxItemSize),
              BatchBody.MAX_ITEM_VALUES),
          null);
    }
    if (read instanceof BatchBody.TooManyItems) {
      return invalid(Messages.format("batch.too_many_items", body.maxItems()));
    }
    if (read instanceof BatchBody.Malformed malformed) {
      return invalid(malformed.message());
    }
    if (items.overBalance()) {
      return new Refused(ErrorCode.INSUFFICIENT_CREDITS);
    }
    if (items.tooLargeToKeep()) {
      // Waiting cannot help, and a retry would fail the same way.
      return new Refused(
          ErrorCode.PAYLOAD_TOO_LARGE,
          Messages.format(
              "batch.too_large_in_memory",
              Sizes.inRussian(DataSize.ofBytes(memory.batchShareBytes()))),
          null);
    }
    if (read instanceof BatchBody.Stopped || !items.errors().isEmpty()) {
      return refusedItems(items, read instanceof BatchBody.Stopped);
    }
    BatchBody.Read complete = (BatchBody.Read) read;
    BatchOptions.Checked checked =
        options.check(
            request.account().id(),
            request.format(),
            request.query(),
            complete.webhookUrl(),
            complete.metadata());
    if (checked instanceof BatchOptions.Invalid invalid) {
      return invalid(invalid.message());
    }
    // No item may be recorded, and so run, before its photos are in storage.
    items.awaitPhotos();
    return record(request, complete.fingerprint(), (BatchOptions.Valid) checked, items);
  }

  private Outcome record(
      Request request, String fingerprint, BatchOptions.Valid valid, ItemIntake items) {
    Account account = request.account();
    List<ItemIntake.NewItem> accepted = items.items();
    if (account.balance() - account.reserved() < accepted.size()) {
      return new Refused(ErrorCode.INSUFFICIENT_CREDITS);
    }
    BatchStore.NewBatch batch =
        new BatchStore.NewBatch(
            UUID.randomUUID(),
            account.id(),
            request.key(),
            fingerprint,
            accepted.size(),
            valid.metadataJson(),
            valid.webhookUrl(),
            clock.instant().truncatedTo(ChronoUnit.MICROS));
    Outcome outcome = recordInOneTransaction(batch, accepted);
    if (outcome instanceof Created) {
      countRecorded(batch, accepted.size());
    }
    if (outcome instanceof KeyTaken) {
      // Another request with the same key won the race: answer as a retry of it would.
      Optional<BatchStore.Keyed> winner = store.findByKey(account.id(), request.key());
      return winner.isPresent()
          ? replay(account.id(), winner.get(), fingerprint)
          : new KeyExpired();
    }
    return outcome;
  }

  /** The batch is recorded: nothing may fail its answer now, or its photos would be deleted. */
  private void countRecorded(BatchStore.NewBatch batch, int items) {
    try {
      statistics.batchRecorded(items);
    } catch (RuntimeException failure) {
      log.warn(
          "Batch {} recorded, its statistics refresh not asked for: {}",
          batch.id(),
          failure.toString());
    }
  }

  private Outcome recordInOneTransaction(
      BatchStore.NewBatch batch, List<ItemIntake.NewItem> accepted) {
    TransactionProgress progress = new TransactionProgress();
    try {
      return transaction.execute(
          status -> {
            progress.transactionId = store.transactionId();
            Outcome outcome = recordAll(batch, accepted, status);
            progress.committing = !status.isRollbackOnly();
            return outcome;
          });
    } catch (RuntimeException failure) {
      if (!progress.committing) {
        // Failed before its commit was sent, or rolled back on purpose: nothing was recorded.
        throw failure;
      }
      return recordedDespite(batch, progress.transactionId, failure);
    }
  }

  /** How far the transaction got, read once it has thrown; it runs on this thread. */
  private static final class TransactionProgress {
    private String transactionId;
    private boolean committing;
  }

  private Outcome recordAll(
      BatchStore.NewBatch batch, List<ItemIntake.NewItem> items, TransactionStatus status) {
    if (!store.insert(batch)) {
      return new KeyTaken();
    }
    if (!store.reserve(batch.accountId(), items.size())) {
      status.setRollbackOnly();
      return new Refused(ErrorCode.INSUFFICIENT_CREDITS);
    }
    store.insertItems(batch, items);
    return new Created(store.find(batch.accountId(), batch.id()).orElseThrow());
  }

  /**
   * The transaction threw, yet may have committed (its answer lost) or still be committing:
   * PostgreSQL's own record of the transaction tells, not the exception.
   */
  private Outcome recordedDespite(
      BatchStore.NewBatch batch, String transactionId, RuntimeException failure) {
    String status;
    Optional<BatchObject> recorded;
    try {
      status = store.transactionStatus(transactionId).orElse("forgotten");
      recorded =
          status.equals("committed") ? store.find(batch.accountId(), batch.id()) : Optional.empty();
    } catch (RuntimeException lookup) {
      failure.addSuppressed(lookup);
      throw new CommitInDoubt(failure);
    }
    if (status.equals("aborted")) {
      throw failure;
    }
    if (recorded.isEmpty()) {
      // Still committing, or too old for PostgreSQL to know; or "committed" but not to be seen:
      // its key was another request's, or, with synchronous replication, PostgreSQL marks a
      // transaction committed before it waits for the standby and shows its rows only after (a
      // review finding). Photos kept for nothing are orphans at worst; deleted, a recorded
      // batch's items would fail.
      throw new CommitInDoubt(failure);
    }
    log.warn(
        "Batch {} was recorded although its transaction reported: {}",
        batch.id(),
        failure.toString());
    return new Created(recorded.get());
  }

  private Outcome replay(UUID account, BatchStore.Keyed earlier, String fingerprint) {
    if (!earlier.fingerprint().equals(fingerprint)) {
      return new Refused(ErrorCode.IDEMPOTENCY_CONFLICT);
    }
    return store.find(account, earlier.id()).<Outcome>map(Replayed::new).orElseGet(KeyExpired::new);
  }

  /**
   * @param stopped the body was not read past the last listed error: more items may be invalid
   */
  private static Outcome refusedItems(ItemIntake items, boolean stopped) {
    return new Refused(
        items.refusalCode(),
        Messages.format(
            stopped ? "batch.items_invalid_at_least" : "batch.items_invalid", items.refusedCount()),
        List.copyOf(items.errors()));
  }

  private static Outcome invalid(String message) {
    return new Refused(ErrorCode.INVALID_PARAMETERS, message, null);
  }
}
