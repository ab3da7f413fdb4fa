package io.cardgen.common.wire;

/**
 * Where a photo of a job is: already in the bucket (inline photos the gateway stored), or behind a
 * link the worker must fetch under the photo-link rules.
 */
public record PhotoRef(Source source, String location) {

  public enum Source {
    STORED,
    LINK
  }

  public static PhotoRef stored(String objectKey) {
    return new PhotoRef(Source.STORED, objectKey);
  }

  public static PhotoRef link(String url) {
    return new PhotoRef(Source.LINK, url);
  }
}
