package io.cardgen.gateway.photo;

import io.cardgen.common.photo.ImageUrlDecoder;
import java.net.InetAddress;
import java.util.List;
import org.springframework.util.unit.DataSize;

/** Real photo intakes for tests outside this package, wired as InlinePhotoConfiguration does. */
public final class PhotoIntakes {

  private PhotoIntakes() {}

  /** An intake with the default limits that stores inline photos in {@code store}. */
  public static PhotoIntake storingIn(InlinePhotoStore store) {
    InlinePhotoProperties limits = new InlinePhotoProperties(DataSize.ofMegabytes(10), 40_000_000);
    return new PhotoIntake(
        new ImageUrlDecoder(limits.limits()),
        store,
        new PhotoLinkCheck(List.of(), InetAddress::getAllByName));
  }
}
