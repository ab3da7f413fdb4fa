package io.cardgen.cli.api;

import java.nio.file.Path;
import java.util.Map;

/**
 * A prepared creation body on disk, sent as a stream so a 256 MiB batch never sits in memory.
 *
 * @param query parameters that go in the query string (the NDJSON form's {@code webhook_url})
 */
public record Upload(Path body, String contentType, Map<String, String> query) {}
