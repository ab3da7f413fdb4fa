package io.cardgen.gateway.photo;

import io.cardgen.common.net.NameLookups;
import io.cardgen.common.photo.ImageUrlDecoder;
import io.cardgen.common.stage.OldestFirstGate;
import java.time.Duration;
import java.util.List;
import org.springframework.util.unit.DataSize;

/** Real photo intakes for tests outside this package, wired as InlinePhotoConfiguration does. */
public final class PhotoIntakes {

  // Shared by the intakes of all tests: its threads are daemons that end when idle.
  private static final NameLookups LOOKUPS =
      new NameLookups(
          "test-intake-dns",
          InlinePhotoConfiguration.MAX_INTAKE_LOOKUPS,
          InlinePhotoConfiguration.MAX_INTAKE_LOOKUPS_PER_ACCOUNT);

  private PhotoIntakes() {}

  /** An intake with the default limits that stores inline photos in {@code store}. */
  public static PhotoIntake storingIn(InlinePhotoStore store) {
    InlinePhotoProperties limits = new InlinePhotoProperties(DataSize.ofMegabytes(10), 40_000_000);
    return new PhotoIntake(
        new ImageUrlDecoder(limits.limits()),
        store,
        linkCheck(List.of(), NameLookups.Lookup.SYSTEM));
  }

  /** A link check with the default timeout whose hosts' addresses come from {@code lookup}. */
  static PhotoLinkCheck linkCheck(List<String> allowlist, NameLookups.Lookup lookup) {
    return new PhotoLinkCheck(
        allowlist, lookup, LOOKUPS, Duration.ofSeconds(2), new OldestFirstGate(0, Duration.ZERO));
  }
}
