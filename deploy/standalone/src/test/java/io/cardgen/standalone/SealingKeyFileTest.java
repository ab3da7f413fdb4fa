package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.webhook.SecretSealing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SealingKeyFileTest {

  @TempDir Path dataDir;

  @Test
  void theFirstStartMakesAKeyOnlyItsOwnerCanReadAndLaterStartsUseIt() throws Exception {
    String first = SealingKeyFile.loadOrCreate(dataDir);
    String second = SealingKeyFile.loadOrCreate(dataDir);

    Path file = dataDir.resolve(SealingKeyFile.NAME);
    assertThat(Base64.getDecoder().decode(first)).hasSize(32);
    assertThat(second).isEqualTo(first);
    assertThat(SecretSealing.fromSettings(first, List.of()).seals()).isTrue();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    try (var files = Files.list(dataDir)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void aKeyFileOpenToOthersIsMadeTheOwnersAlone() throws Exception {
    String key = SealingKeyFile.loadOrCreate(dataDir);
    Path file = dataDir.resolve(SealingKeyFile.NAME);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(SealingKeyFile.loadOrCreate(dataDir)).isEqualTo(key);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aDamagedKeyFileStopsTheStartNamingTheFileButNotItsContent() throws Exception {
    Path file = dataDir.resolve(SealingKeyFile.NAME);
    String damaged = Base64.getEncoder().encodeToString(new byte[20]);
    Files.writeString(file, damaged);

    assertThatThrownBy(() -> SealingKeyFile.loadOrCreate(dataDir))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("decodes to 20 bytes")
        .hasMessageContaining("Restore the file")
        .message()
        .doesNotContain(damaged);
    assertThat(Files.readString(file)).isEqualTo(damaged);
  }
}
