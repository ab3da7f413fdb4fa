package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.testsupport.Race;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SealingKeyFileTest {

  private static final SealingKeyFile.SealedSecrets NONE_SEALED = () -> 0;

  @TempDir Path dataDir;

  @Test
  void aMissingFileWhileTheDatabaseHoldsSealedSecretsStopsTheStartAndMakesNoKey() {
    Path file = dataDir.resolve(SealingKeyFile.NAME);

    assertThatThrownBy(() -> SealingKeyFile.loadOrCreate(dataDir, () -> 3))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(file + " is missing")
        .hasMessageContaining("3 account(s)")
        .hasMessageContaining("Restore the file");
    assertThat(file).doesNotExist();
  }

  @Test
  void theDatabaseIsAskedOnlyWhenTheFileIsMissing() throws Exception {
    String key = SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED);

    assertThat(
            SealingKeyFile.loadOrCreate(
                dataDir,
                () -> {
                  throw new AssertionError("asked although the file is there");
                }))
        .isEqualTo(key);
  }

  @Test
  void twoStartsMakingTheKeyAtOnceBothTakeTheOneThatWasKept() throws Exception {
    for (int round = 0; round < 20; round++) {
      Path dir = Files.createDirectory(dataDir.resolve("round-" + round));

      List<String> keys =
          Race.together(
              List.of(
                  () -> SealingKeyFile.loadOrCreate(dir, NONE_SEALED),
                  () -> SealingKeyFile.loadOrCreate(dir, NONE_SEALED)));

      assertThat(keys.get(1)).isEqualTo(keys.get(0));
      assertThat(Files.readString(dir.resolve(SealingKeyFile.NAME)).strip()).isEqualTo(keys.get(0));
      try (var files = Files.list(dir)) {
        assertThat(files).as("no temporary file left").hasSize(1);
      }
    }
  }

  @Test
  void theFirstStartMakesAKeyOnlyItsOwnerCanReadAndLaterStartsUseIt() throws Exception {
    String first = SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED);
    String second = SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED);

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
    String key = SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED);
    Path file = dataDir.resolve(SealingKeyFile.NAME);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED)).isEqualTo(key);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aKeyWrittenInAnotherEncodingStopsTheStartWithTheSameAdvice() throws Exception {
    Path file = dataDir.resolve(SealingKeyFile.NAME);
    String key = Base64.getEncoder().encodeToString(new byte[32]);
    // What `openssl rand -base64 32 > file` writes in Windows PowerShell 5: UTF-16 with a BOM.
    Files.write(file, ("\uFEFF" + key).getBytes(StandardCharsets.UTF_16LE));

    assertThatThrownBy(() -> SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED))
        .isInstanceOf(StartRefused.class)
        .hasMessageContaining(file + " is not base64 text")
        .hasMessageContaining("openssl rand -base64 32 > " + file);
  }

  @Test
  void aDamagedKeyFileStopsTheStartNamingTheFileButNotItsContent() throws Exception {
    Path file = dataDir.resolve(SealingKeyFile.NAME);
    String damaged = Base64.getEncoder().encodeToString(new byte[20]);
    Files.writeString(file, damaged);

    assertThatThrownBy(() -> SealingKeyFile.loadOrCreate(dataDir, NONE_SEALED))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("decodes to 20 bytes")
        .hasMessageContaining("Restore the file")
        .hasMessageContaining("write a new key into the file")
        .message()
        .doesNotContain(damaged);
    assertThat(Files.readString(file)).isEqualTo(damaged);
  }
}
