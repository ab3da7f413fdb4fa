package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.WebhookSecret;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

  @Test
  void signsLikeTheStandardWebhooksReferenceExample() {
    // The example of the Standard Webhooks specification and its reference libraries.
    WebhookSecret secret = new WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");

    String signature =
        WebhookSignature.sign(
            secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, "{\"test\": 2432232314}");

    assertThat(signature).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  }

  @Test
  void signsTheBodyAsUtf8() {
    WebhookSecret secret = new WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");

    assertThat(WebhookSignature.sign(secret, "id", 1L, "{\"name\":\"кружка\"}"))
        .isNotEqualTo(WebhookSignature.sign(secret, "id", 1L, "{\"name\":\"kruzhka\"}"))
        .isEqualTo(WebhookSignature.sign(secret, "id", 1L, "{\"name\":\"кружка\"}"));
  }

  @Test
  void aHeaderForSeveralSecretsListsOneSignaturePerSecretSpaceSeparatedInOrder() {
    WebhookSecret current = new WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    WebhookSecret previous = WebhookSecret.generate();

    String header = WebhookSignature.header(List.of(current, previous), "id", 1L, "{}");

    assertThat(header)
        .isEqualTo(
            WebhookSignature.sign(current, "id", 1L, "{}")
                + " "
                + WebhookSignature.sign(previous, "id", 1L, "{}"));
    assertThat(WebhookSignature.header(List.of(current), "id", 1L, "{}"))
        .isEqualTo(WebhookSignature.sign(current, "id", 1L, "{}"));
  }
}
