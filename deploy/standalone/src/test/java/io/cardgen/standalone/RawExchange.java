package io.cardgen.standalone;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A whole HTTP/1.1 exchange over a plain socket, byte for byte as written: no client library
 * normalises the path, adds a Host header or fixes the framing. For tests of what the server does
 * with odd requests.
 */
final class RawExchange {

  private RawExchange() {}

  record Answer(int status, Map<String, String> headers, String body) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  /** A GET of {@code rawPath} exactly as given, with the headers given (name: value lines). */
  static Answer get(int port, String rawPath, String... headerLines) throws IOException {
    StringBuilder request = new StringBuilder("GET " + rawPath + " HTTP/1.1\r\n");
    request.append("Host: localhost\r\nConnection: close\r\n");
    for (String line : headerLines) {
      request.append(line).append("\r\n");
    }
    request.append("\r\n");
    return send(port, request.toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Sends the bytes and reads the whole answer; the request should ask for Connection: close. */
  static Answer send(int port, byte[] request) throws IOException {
    return send(port, request, Duration.ofSeconds(15));
  }

  /** As {@link #send(int, byte[])}, waiting up to {@code timeout} (a generation takes a while). */
  static Answer send(int port, byte[] request, Duration timeout) throws IOException {
    try (Socket socket = new Socket("localhost", port)) {
      socket.setSoTimeout((int) timeout.toMillis());
      OutputStream out = socket.getOutputStream();
      out.write(request);
      out.flush();
      return parse(socket.getInputStream().readAllBytes());
    }
  }

  private static Answer parse(byte[] raw) throws IOException {
    String text = new String(raw, StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new IOException("no complete answer: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(
          lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).strip());
    }
    byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      body = dechunk(body);
    }
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] dechunk(byte[] chunked) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    InputStream in = new java.io.ByteArrayInputStream(chunked);
    while (true) {
      String sizeLine = readLine(in);
      int size = Integer.parseInt(sizeLine.split(";")[0].strip(), 16);
      if (size == 0) {
        return out.toByteArray();
      }
      out.write(in.readNBytes(size));
      readLine(in);
    }
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int next;
    while ((next = in.read()) != -1 && next != '\n') {
      if (next != '\r') {
        line.append((char) next);
      }
    }
    return line.toString();
  }
}
