package io.cardgen.standalone;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * HTTP/1.1 over a plain socket, for what an HTTP client library will not do: declare a
 * Content-Length it never sends, or keep streaming a chunked body while the answer is read.
 */
final class RawHttp {

  private RawHttp() {}

  /** The answer, and how many body bytes the client had written when it arrived. */
  record Answer(int status, JsonNode json, long bodyBytesSentBeforeAnswer) {}

  /** A body writer; it stops when the socket breaks (the server closed it) or it is done. */
  interface BodyWriter {
    void write(OutputStream out, AtomicLong sent) throws IOException;
  }

  static Answer post(int port, String apiKey, String extraHeaders, BodyWriter body)
      throws Exception {
    try (Socket socket = new Socket("localhost", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      String head =
          "POST /api/text/product HTTP/1.1\r\n"
              + "Host: localhost:"
              + port
              + "\r\nAuthorization: Bearer "
              + apiKey
              + "\r\nContent-Type: application/json\r\n"
              + extraHeaders
              + "\r\n";
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      AtomicLong sent = new AtomicLong();
      CompletableFuture<Void> writing =
          CompletableFuture.runAsync(
              () -> {
                try {
                  body.write(out, sent);
                } catch (IOException closedByServer) {
                  // Expected once the server has answered and closed the connection.
                }
              });
      InputStream in = socket.getInputStream();
      String headers = readHead(in);
      long sentBeforeAnswer = sent.get();
      int status = Integer.parseInt(headers.substring(9, 12));
      byte[] payload =
          headers.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")
              ? readChunked(in)
              : in.readNBytes(contentLength(headers));
      writing.cancel(true);
      return new Answer(status, TestStack.JSON.readTree(payload), sentBeforeAnswer);
    }
  }

  /** Writes {@code total} bytes of JSON-ish filler as a chunked body, 8 KiB at a time. */
  static BodyWriter chunked(long total) {
    return (out, sent) -> {
      byte[] chunk = " ".repeat(8192).getBytes(StandardCharsets.US_ASCII);
      byte[] header =
          (Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
      byte[] start = "{\"short_description\": \"".getBytes(StandardCharsets.US_ASCII);
      out.write((Integer.toHexString(start.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(start);
      out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      while (sent.get() < total) {
        out.write(header);
        out.write(chunk);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        sent.addAndGet(chunk.length);
      }
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
    };
  }

  /** Writes {@code count} bytes of a body whose declared length may be far larger. */
  static BodyWriter prefix(int count) {
    return (out, sent) -> {
      out.write(" ".repeat(count).getBytes(StandardCharsets.US_ASCII));
      out.flush();
      sent.addAndGet(count);
    };
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed before the answer's headers: " + head);
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
    }
    return head.toString(StandardCharsets.US_ASCII);
  }

  private static int contentLength(String headers) {
    for (String line : headers.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        return Integer.parseInt(line.substring(15).strip());
      }
    }
    throw new IllegalStateException("no Content-Length in " + headers);
  }

  private static byte[] readChunked(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String size = readLine(in);
      int length = Integer.parseInt(size.strip(), 16);
      if (length == 0) {
        return body.toByteArray();
      }
      body.write(in.readNBytes(length));
      readLine(in);
    }
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int b;
    while ((b = in.read()) >= 0 && b != '\n') {
      if (b != '\r') {
        line.append((char) b);
      }
    }
    return line.toString();
  }
}
