package io.cardgen.standalone.simulator;

import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.node.ObjectNode;

/** Decides what the pretend model answers: a card, or the misbehaviour a directive asks for. */
final class SimulatedModel {

  static final String REFUSAL = "I can't help with that.";

  /** Far enough below the service's 80% floor that {@code [sim:short]} is always rejected. */
  private static final int SHORT_LENGTH_DIVISOR = 5;

  /** A figure the grounding guard must catch, for {@code [sim:invent]}. */
  static final String INVENTED_RUSSIAN = "Объём 999 мл. ";

  static final String INVENTED_ENGLISH = "Holds 999 ml. ";

  /** Valid JSON that no card schema accepts. */
  private static final String SCHEMA_BREAKING_CONTENT = "{\"text\":42}";

  private final InstantSource clock;
  private final RealisticWriter realistic;
  private final AtomicLong completions = new AtomicLong();
  private final UnavailableCalls unavailableCalls = new UnavailableCalls();

  SimulatedModel(InstantSource clock, SimulatorProfile profile) {
    this.clock = clock;
    this.realistic = profile.realistic() ? new RealisticWriter(profile) : null;
  }

  Answer answer(ChatRequest request) {
    ProductBrief brief = ProductBrief.from(request.userText());
    AnswerDelay delay = brief.directives().delay();
    int length = brief.targetLength();
    Optional<Directives.Unavailable> unavailable = brief.directives().unavailable();
    if (unavailable.isPresent()
        && unavailableCalls.refuses(request.cardPrompt(), unavailable.get())) {
      return UnavailableCalls.answer(unavailable.get());
    }
    return switch (brief.directives().behaviour()) {
      case NORMAL -> completed(request, Reply.stop(normal(request, brief)), delay);
      case SHORT ->
          completed(
              request, Reply.stop(card(request, brief, length / SHORT_LENGTH_DIVISOR)), delay);
      case TRUNCATE -> completed(request, Reply.cutOff(card(request, brief, length)), delay);
      case EMPTY -> completed(request, Reply.stop(""), delay);
      case INVALID -> completed(request, Reply.stop(SCHEMA_BREAKING_CONTENT), delay);
      case REFUSE -> completed(request, Reply.refusal(REFUSAL), delay);
      case SHORT_ONCE ->
          completed(
              request,
              Reply.stop(
                  card(
                      request, brief, request.followUp() ? length : length / SHORT_LENGTH_DIVISOR)),
              delay);
      case INVENT ->
          completed(
              request,
              Reply.stop(
                  request.followUp()
                      ? card(request, brief, length)
                      : invented(request, brief, length)),
              delay);
      case FAIL ->
          new Answer(
              500,
              CompletionBodies.error("The simulator was told to fail ([sim:fail])", "server_error"),
              delay);
    };
  }

  private Answer completed(ChatRequest request, Reply reply, AnswerDelay delay) {
    String id = "chatcmpl-sim-" + completions.incrementAndGet();
    long created = clock.instant().getEpochSecond();
    return new Answer(200, CompletionBodies.completion(id, created, request, reply), delay);
  }

  private String normal(ChatRequest request, ProductBrief brief) {
    return realistic == null
        ? card(request, brief, brief.targetLength())
        : realistic.write(request, brief);
  }

  /** A card of the right length whose description opens with a volume no input gives. */
  private static String invented(ChatRequest request, ProductBrief brief, int length) {
    String claim =
        language(request, brief) == Language.RUSSIAN ? INVENTED_RUSSIAN : INVENTED_ENGLISH;
    ObjectNode card =
        (ObjectNode)
            Json.MAPPER.readTree(card(request, brief, Math.max(1, length - claim.length())));
    card.put("description", claim + card.path("description").asString(""));
    return Json.MAPPER.writeValueAsString(card);
  }

  private static String card(ChatRequest request, ProductBrief brief, int descriptionLength) {
    return new CardWriter(brief.shortDescription(), language(request, brief), descriptionLength)
        .write(request.shape());
  }

  /** The short description's language, unless the repair round names the one to write in. */
  private static Language language(ChatRequest request, ProductBrief brief) {
    return request.askedLanguage().orElse(Language.of(brief.shortDescription()));
  }
}
