package io.cardgen.standalone.simulator;

import io.cardgen.standalone.simulator.CardShape.Block;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the card JSON: exactly the blocks of the shape, in the language of the short description.
 * The text is seeded by the input, so the same request always gets the same card and different
 * requests get different ones.
 */
final class CardWriter {

  private final Phrasebook book;
  private final ProductTerms terms;
  private final Random random;
  private final int descriptionLength;

  CardWriter(String shortDescription, int descriptionLength) {
    this(shortDescription, Language.of(shortDescription), descriptionLength);
  }

  /** A card in {@code language} whatever the description's, as a model answering wrongly writes. */
  CardWriter(String shortDescription, Language language, int descriptionLength) {
    this.book = language.phrasebook();
    this.terms = ProductTerms.from(shortDescription, book);
    this.random = new Random(31L * shortDescription.hashCode() + descriptionLength);
    this.descriptionLength = descriptionLength;
  }

  String write(CardShape shape) {
    ObjectNode card = Json.MAPPER.createObjectNode();
    for (Block block : shape.blocks()) {
      switch (block.kind()) {
        case TEXT -> card.put(block.name(), text(block.name()));
        case LIST -> {
          ArrayNode items = card.putArray(block.name());
          items(block).forEach(items::add);
        }
      }
    }
    return Json.MAPPER.writeValueAsString(card);
  }

  private String text(String block) {
    if (block.equals("description")) {
      return DescriptionWriter.write(book, terms, random, descriptionLength);
    }
    // audience, or a text block the simulator does not know: one sentence about who it is for
    return terms.fill(book.audiences().get(random.nextInt(book.audiences().size())), random);
  }

  private List<String> items(Block block) {
    List<String> templates =
        switch (block.name()) {
          case "headers" -> book.headers();
          case "slogans" -> book.slogans();
          default -> book.features();
        };
    List<String> order = new ArrayList<>(templates);
    Collections.shuffle(order, random);
    List<String> items = new ArrayList<>(block.items());
    for (int i = 0; i < block.items(); i++) {
      items.add(terms.fill(order.get(i % order.size()), random));
    }
    return items;
  }
}
