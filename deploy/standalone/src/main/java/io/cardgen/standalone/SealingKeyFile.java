package io.cardgen.standalone;

import io.cardgen.common.webhook.SealingKey;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standalone's webhook sealing key (ADR 0047), kept in its data directory beside the database
 * whose secrets it seals: made at the first start without {@code CARDGEN_WEBHOOKS_SEALING_KEY},
 * read at every later one. The file is its owner's alone ({@code rw-------}); losing it loses the
 * webhook secrets, which the admin API then issues anew, so a start that finds no file but sealed
 * secrets in the database stops rather than make a key that cannot open them.
 */
final class SealingKeyFile {

  static final String NAME = "webhook-sealing-key";
  private static final Logger log = LoggerFactory.getLogger(SealingKeyFile.class);

  private SealingKeyFile() {}

  /** Counts the secrets already sealed in the database, which a new key could not open. */
  @FunctionalInterface
  interface SealedSecrets {
    long count() throws SQLException;
  }

  /**
   * The key kept in {@code dataDir}, made first if there is none and the database holds no secret
   * sealed under an earlier one.
   *
   * @throws IllegalStateException when the file holds no valid key, or is missing while {@code
   *     sealed} finds secrets: naming the file, never its content
   */
  static String loadOrCreate(Path dataDir, SealedSecrets sealed) throws IOException, SQLException {
    Path file = dataDir.resolve(NAME);
    if (!Files.exists(file)) {
      long unopenable = sealed.count();
      if (unopenable > 0) {
        throw new StartRefused(
            "The webhook sealing key file "
                + file
                + " is missing, but the database holds "
                + unopenable
                + " account(s) with webhook secrets sealed under a key. "
                + restoreOrReplace(file));
      }
      String created = OwnerOnlyFile.newSecret();
      if (OwnerOnlyFile.create(file, created)) {
        log.info(
            "Webhook secrets are sealed with a new key, kept in {}: back it up with the data",
            file);
        return created;
      }
      // Another process starting on the same data directory made it first: theirs is the key.
    }
    OwnerOnlyFile.keepOwnerOnly(file);
    String key;
    try {
      key = Files.readString(file, StandardCharsets.US_ASCII).strip();
      SealingKey.parse(key, file.toString());
    } catch (IllegalArgumentException | CharacterCodingException malformed) {
      String what =
          malformed instanceof CharacterCodingException
              ? file + " is not base64 text (written in another encoding?)"
              : malformed.getMessage();
      // The exception's own message never quotes the file's content, so neither does this one.
      throw new StartRefused(what + ". " + restoreOrReplace(file), malformed);
    }
    log.info("Webhook secrets are sealed with the key in {}", file);
    return key;
  }

  /** What the operator can do about a key file that is missing or damaged. */
  private static String restoreOrReplace(Path file) {
    return "Restore the file from a backup of the data directory (or set"
        + " CARDGEN_WEBHOOKS_SEALING_KEY to its key). To start without it, the secrets sealed under"
        + " it being lost and to be issued again (POST /admin/accounts/{id}/webhook-secret), write"
        + " a new key into the file: openssl rand -base64 32 > "
        + file;
  }
}
