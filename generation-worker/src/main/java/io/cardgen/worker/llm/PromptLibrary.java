package io.cardgen.worker.llm;

import io.cardgen.common.request.Creativity;
import io.cardgen.common.request.Style;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The prompt texts and sampling settings of one version, read once from {@code prompts/<version>/}
 * on the classpath. Texts live in resources, not code, so a prompt change is a new directory and
 * the version stored with each card says which texts wrote it. Everything is loaded up front: a
 * missing file stops the worker at start, not on the first job.
 */
final class PromptLibrary {

  /** What {@link LengthTarget#values()} fills in, in every template. */
  private static final Set<String> LENGTH_PLACEHOLDERS =
      Set.of("length", "min_length", "max_length", "target_length", "words", "sentences");

  static final Set<String> USER_PLACEHOLDERS =
      with(
          LENGTH_PLACEHOLDERS,
          "photo_count",
          "short_description",
          "product_facts",
          "keywords",
          "style",
          "style_guidance",
          "blocks");
  private static final Set<String> BLOCK_PLACEHOLDERS = with(LENGTH_PLACEHOLDERS, "count");
  private static final Set<String> BLOCKS =
      Set.of("description", "features", "audience", "headers", "slogans");
  static final Set<String> REPAIR_PLACEHOLDERS =
      with(LENGTH_PLACEHOLDERS, "violations", "length_fix");

  private final String version;
  private final String system;
  private final PromptTemplate user;
  private final Map<String, PromptTemplate> blocks;
  private final Map<Style, String> styleGuidance;
  private final PromptTemplate repair;
  private final Map<Creativity, Sampling> sampling;

  private PromptLibrary(
      String version,
      String system,
      PromptTemplate user,
      Map<String, PromptTemplate> blocks,
      Map<Style, String> styleGuidance,
      PromptTemplate repair,
      Map<Creativity, Sampling> sampling) {
    this.version = version;
    this.system = system;
    this.user = user;
    this.blocks = blocks;
    this.styleGuidance = styleGuidance;
    this.repair = repair;
    this.sampling = sampling;
  }

  static PromptLibrary load(String version) {
    String root = "prompts/" + version + "/";
    Properties blockTexts = properties(root + "blocks.properties");
    Map<String, PromptTemplate> blocks = new HashMap<>();
    for (String block : BLOCKS) {
      String text = blockTexts.getProperty(block);
      if (text == null) {
        throw new IllegalStateException("Prompt " + root + "blocks.properties lacks " + block);
      }
      blocks.put(block, new PromptTemplate(root + block, text, BLOCK_PLACEHOLDERS));
    }
    Map<Style, String> styles = new EnumMap<>(Style.class);
    for (Style style : Style.values()) {
      styles.put(style, text(root + "styles/" + style.wireName() + ".txt"));
    }
    return new PromptLibrary(
        version,
        text(root + "system.txt"),
        new PromptTemplate(root + "user.txt", text(root + "user.txt"), USER_PLACEHOLDERS),
        Map.copyOf(blocks),
        styles,
        new PromptTemplate(root + "repair.txt", text(root + "repair.txt"), REPAIR_PLACEHOLDERS),
        Sampling.read(properties(root + "sampling.properties"), root + "sampling.properties"));
  }

  String version() {
    return version;
  }

  String system() {
    return system;
  }

  PromptTemplate user() {
    return user;
  }

  PromptTemplate block(String name) {
    return blocks.get(name);
  }

  String styleGuidance(Style style) {
    return styleGuidance.get(style);
  }

  /** The user message of a repair round, listing what was wrong with the previous answer. */
  PromptTemplate repair() {
    return repair;
  }

  /** Sampling for a creativity level; a plan without the option gets the middle one. */
  Sampling sampling(Creativity creativity) {
    return sampling.get(creativity == null ? Creativity.MIDDLE : creativity);
  }

  private static Set<String> with(Set<String> common, String... more) {
    Set<String> all = new java.util.HashSet<>(common);
    all.addAll(Set.of(more));
    return Set.copyOf(all);
  }

  private static String text(String path) {
    try (InputStream in = open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read prompt " + path, e);
    }
  }

  private static Properties properties(String path) {
    try (Reader in = new InputStreamReader(open(path), StandardCharsets.UTF_8)) {
      Properties properties = new Properties();
      properties.load(in);
      return properties;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read prompt " + path, e);
    }
  }

  private static InputStream open(String path) {
    InputStream in = PromptLibrary.class.getClassLoader().getResourceAsStream(path);
    if (in == null) {
      throw new IllegalStateException("Prompt resource " + path + " is missing");
    }
    return in;
  }
}
