package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Random JSON shapes at the real endpoint: every field with random types, random nesting, random
 * unicode, huge numbers, repeated keys, non-objects and non-JSON. Whatever arrives, the answer is
 * never a 5xx and always one of the envelopes the OpenAPI document gives for its status.
 *
 * <p>The senders have no credit, so a request that passes every rule ends at {@code 403
 * insufficient_credits} instead of starting a generation: what is fuzzed is the contract, not the
 * model. No photo link is generated (a worker would try to fetch it, and an unreachable photo is a
 * legitimate 502 {@code image_unavailable}).
 */
class RandomBodiesIT {

  private static final List<String> FIELDS =
      List.of(
          "image_url",
          "short_description",
          "style",
          "product_facts",
          "length",
          "headers",
          "slogans",
          "creativity",
          "keywords",
          "features",
          "audience",
          "request_id");

  record Sender(String name, String apiKey, boolean legacy) {
    @Override
    public String toString() {
      return name;
    }
  }

  record Attempt(Sender sender, String body, Optional<String> idempotencyKey) {}

  private static PublicApi api;
  private static OpenApiSchemas openApi;
  private static List<Sender> senders;

  @BeforeContainer
  static void start() throws Exception {
    TestStack stack = SharedStack.get();
    api = PublicApi.of(stack);
    openApi = OpenApiSchemas.served(api);
    String full = Tenants.aFullPlan().create(stack);
    senders =
        List.of(
            new Sender("current, full plan", Tenants.account(stack, full, 0).apiKey(), false),
            new Sender(
                "current, bare plan",
                Tenants.account(stack, Tenants.aBarePlan().create(stack), 0).apiKey(),
                false),
            new Sender("legacy, full plan", Tenants.legacyAccount(stack, full, 0).apiKey(), true));
  }

  @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
  void everyAnswerIsAnEnvelopeOfTheSpecAndNeverA5xx(@ForAll("attempts") Attempt attempt)
      throws Exception {
    Map<String, String> headers =
        attempt.idempotencyKey().map(key -> Map.of("Idempotency-Key", key)).orElse(Map.of());

    TestStack.Response response = api.post(attempt.sender().apiKey(), headers, attempt.body());

    Statistics.collect(
        response.status(), response.json() == null ? null : response.json().get("code"));
    assertThat(response.status()).as(response.toString()).isLessThan(500);
    assertThat(response.json()).as("a JSON body: " + response).isNotNull();
    assertThat(openApi.validateResponse(response.status(), response.json()))
        .as(response.toString())
        .isEmpty();
    if (attempt.sender().legacy()) {
      assertThat(response.status()).as("every legacy error is 400").isEqualTo(400);
    } else {
      assertThat(response.status()).isIn(403, 413, 422);
    }
  }

  @Provide
  Arbitrary<Attempt> attempts() {
    Arbitrary<Optional<String>> keys =
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.just(Optional.<String>empty())),
            Tuple.of(1, PlausibleValues.idempotencyKey().map(Optional::of)),
            Tuple.of(
                1,
                Arbitraries.strings()
                    .withCharRange('!', '~')
                    .ofMinLength(1)
                    .ofMaxLength(110)
                    .map(Optional::of)));
    Arbitrary<Sender> sender =
        Arbitraries.frequency(
            Tuple.of(3, senders.get(0)), Tuple.of(1, senders.get(1)), Tuple.of(1, senders.get(2)));
    return Combinators.combine(sender, bodies(), keys).as(Attempt::new);
  }

  private static Arbitrary<String> bodies() {
    return Arbitraries.frequencyOf(
        Tuple.of(8, requestLike()),
        Tuple.of(1, RandomJson.value(3)),
        Tuple.of(1, RandomJson.text(40)));
  }

  /**
   * An object with the spec's fields: required ones nearly always, optional ones half the time,
   * each valid except, one time in twenty, a wild value; one time in four with unknown fields too.
   */
  private static Arbitrary<String> requestLike() {
    List<Arbitrary<Optional<String>>> members = new ArrayList<>();
    for (String field : FIELDS) {
      Arbitrary<String> value =
          Arbitraries.frequencyOf(
              Tuple.of(19, PlausibleValues.valid(field)), Tuple.of(1, PlausibleValues.wild(field)));
      boolean required = List.of("image_url", "short_description", "style").contains(field);
      members.add(
          value
              .map(v -> RandomJson.member(RandomJson.quote(field), v))
              .optional(required ? 0.97 : 0.5));
    }
    Arbitrary<List<String>> extra =
        Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.just(List.<String>of())),
            Tuple.of(
                1,
                Combinators.combine(RandomJson.string(), RandomJson.value(2))
                    .as(RandomJson::member)
                    .list()
                    .ofMinSize(1)
                    .ofMaxSize(2)));
    return Combinators.combine(present(members), extra, Arbitraries.integers().between(0, 9))
        .as(RandomBodiesIT::assemble);
  }

  private static Arbitrary<List<String>> present(List<Arbitrary<Optional<String>>> members) {
    return Combinators.combine(members)
        .as(values -> values.stream().flatMap(Optional::stream).toList());
  }

  /** Joins the members; one time in ten repeats one of them. */
  private static String assemble(List<String> fields, List<String> extra, int dice) {
    List<String> members = new ArrayList<>(fields);
    members.addAll(extra);
    if (dice == 0 && !members.isEmpty()) {
      members.add(members.get(members.size() / 2));
    }
    return RandomJson.object(members);
  }
}
