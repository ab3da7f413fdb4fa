package io.cardgen.testsupport;

/**
 * The images the containers backend runs: the names and tags docker-compose.yml uses, so that the
 * tests exercise what operators run, and so that images built by {@code scripts/offline-images.sh}
 * are found without a registry.
 */
public final class ContainerImages {

  public static final String POSTGRES = "postgres:17";
  public static final String KAFKA = "apache/kafka:4.2.1";
  public static final String S3 = "minio/minio:RELEASE.2025-04-22T22-12-26Z";

  private ContainerImages() {}
}
