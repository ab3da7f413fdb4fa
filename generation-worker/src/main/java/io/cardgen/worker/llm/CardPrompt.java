package io.cardgen.worker.llm;

import dev.langchain4j.data.image.Image;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.ImageContent.DetailLevel;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import io.cardgen.common.request.ProductFact;
import io.cardgen.common.wire.CardSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Turns a card spec and its photos into the chat messages: the versioned system rules, then one
 * user message holding the filled-in user template followed by one image part per photo.
 */
final class CardPrompt {

  private static final String NONE = "- none";

  private final PromptLibrary library;
  private final DetailLevel imageDetail;
  private final AnswerFormat format;

  CardPrompt(PromptLibrary library, DetailLevel imageDetail) {
    this(library, imageDetail, AnswerFormat.JSON_SCHEMA);
  }

  CardPrompt(PromptLibrary library, DetailLevel imageDetail, AnswerFormat format) {
    this.library = library;
    this.imageDetail = imageDetail;
    this.format = format;
  }

  /**
   * @param photos the card's photos as {@link PhotoPayloads} placeholders, in the client's order
   */
  List<ChatMessage> messages(CardSpec spec, List<Image> photos) {
    List<Content> parts = new ArrayList<>(photos.size() + 1);
    parts.add(TextContent.from(userText(spec, photos.size())));
    for (Image photo : photos) {
      parts.add(ImageContent.from(photo, imageDetail));
    }
    return List.of(SystemMessage.from(library.system()), UserMessage.from(parts));
  }

  String userText(CardSpec spec, int photoCount) {
    Map<String, String> values = LengthTarget.of(spec.length(), spec.shortDescription()).values();
    values.put("photo_count", Integer.toString(photoCount));
    values.put("short_description", oneLine(spec.shortDescription()));
    values.put("product_facts", facts(spec.productFacts()));
    values.put("keywords", keywords(spec.keywords()));
    values.put("style", spec.style().wireName());
    values.put("style_guidance", library.styleGuidance(spec.style()));
    values.put("blocks", blocks(spec));
    String text = library.user().render(values);
    // After the product data, so that no user text can come between the line and its schema.
    return format.schemaInPrompt(spec).map(schema -> text + "\n\n" + schema).orElse(text);
  }

  private String blocks(CardSpec spec) {
    List<String> lines = new ArrayList<>();
    lines.add(
        library
            .block("description")
            .render(LengthTarget.of(spec.length(), spec.shortDescription()).values()));
    addList(lines, "features", spec.featuresCount());
    if (spec.audience()) {
      lines.add(library.block("audience").render(Map.of()));
    }
    addList(lines, "headers", spec.headersCount());
    addList(lines, "slogans", spec.slogansCount());
    return String.join("\n", lines);
  }

  private void addList(List<String> lines, String block, int count) {
    if (count > 0) {
      lines.add(library.block(block).render(Map.of("count", Integer.toString(count))));
    }
  }

  /** Facts in the order of spec §2.1, so the same spec always yields the same prompt. */
  private static String facts(Map<String, String> facts) {
    if (facts.isEmpty()) {
      return NONE;
    }
    return facts.entrySet().stream()
        .sorted(Comparator.comparing(entry -> factOrder(entry.getKey())))
        .map(entry -> "- " + entry.getKey() + ": " + oneLine(entry.getValue()))
        .collect(Collectors.joining("\n"));
  }

  private static String factOrder(String key) {
    return ProductFact.fromWireName(key)
        .map(fact -> "%02d".formatted(fact.ordinal()))
        .orElse("99" + key);
  }

  private static String keywords(List<String> keywords) {
    if (keywords.isEmpty()) {
      return NONE;
    }
    return "- " + keywords.stream().map(CardPrompt::oneLine).collect(Collectors.joining(", "));
  }

  /**
   * User text is put on one line: the prompt is line-oriented (the simulator reads the {@code Short
   * description:} line), and a line break in user text must not forge a prompt line.
   */
  static String oneLine(String text) {
    return text.replaceAll("\\s*\\R\\s*", " ").strip();
  }
}
