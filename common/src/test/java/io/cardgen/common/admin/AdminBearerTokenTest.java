package io.cardgen.common.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdminBearerTokenTest {

  private static final String TOKEN = "0123456789abcdef0123456789abcdef";

  @ParameterizedTest
  @ValueSource(strings = {"tokn", "changeme", "0123456789abcdef0123456789abcde", "   s3cr3t   "})
  void refusesATokenShorterThan32CharactersWithoutNamingIt(String token) {
    assertThatThrownBy(() -> AdminBearerToken.of(token))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("CARDGEN_ADMIN_TOKEN")
        .hasMessageContaining("32")
        .hasMessageNotContaining(token.strip());
  }

  @Test
  void paddingDoesNotMakeAShortTokenLongEnough() {
    assertThatThrownBy(() -> AdminBearerToken.of("  " + "x".repeat(30) + "  "))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void takesATokenOf32CharactersOrMore() {
    assertThat(AdminBearerToken.of(TOKEN).configured()).isTrue();
    assertThat(AdminBearerToken.of(TOKEN + TOKEN).configured()).isTrue();
  }

  @Test
  void standaloneStyleTokensPass() {
    // 24 random bytes, base64url without padding: what the standalone generates.
    assertThat(AdminBearerToken.of("Jq3vS0x9_d-KkL1mN2oP3qR4sT5uV6wX").configured()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t"})
  void anUnsetOrBlankTokenAdmitsNobody(String blank) {
    AdminBearerToken none = AdminBearerToken.of(blank);

    assertThat(none.configured()).isFalse();
    assertThat(none.admits("Bearer ")).isFalse();
    assertThat(none.admits("Bearer " + blank)).isFalse();
    assertThat(AdminBearerToken.of(null).admits(null)).isFalse();
  }

  @Test
  void admitsOnlyTheExactBearerHeader() {
    AdminBearerToken token = AdminBearerToken.of(TOKEN);

    assertThat(token.admits("Bearer " + TOKEN)).isTrue();
    assertThat(token.admits(null)).isFalse();
    assertThat(token.admits(TOKEN)).isFalse();
    assertThat(token.admits("bearer " + TOKEN)).isFalse();
    assertThat(token.admits("Bearer " + TOKEN + "x")).isFalse();
    assertThat(token.admits("Bearer " + TOKEN.substring(1))).isFalse();
  }

  @Test
  void aTokenReadFromAFileWithItsNewlineIsMatchedWithoutIt() {
    AdminBearerToken token = AdminBearerToken.of(TOKEN + "\n");

    assertThat(token.admits("Bearer " + TOKEN)).isTrue();
  }

  @Test
  void neverShowsTheToken() {
    assertThat(AdminBearerToken.of(TOKEN).toString()).doesNotContain(TOKEN).contains("(set)");
    assertThat(AdminBearerToken.of(null).toString()).contains("(none)");
  }
}
