package io.cardgen.standalone.simulator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Composes a description of a given length from whole sentences. The service accepts 80–115% of the
 * requested length; this lands between about 95% and 100%: long sentences first, then short closers
 * to fill the gap, and only if that leaves too much room, a sentence cut at a word.
 */
final class DescriptionWriter {

  private static final double ENOUGH = 0.95;

  private final Phrasebook book;
  private final ProductTerms terms;
  private final Random random;
  private final int target;
  private final StringBuilder text = new StringBuilder();
  private int length;

  private DescriptionWriter(Phrasebook book, ProductTerms terms, Random random, int target) {
    this.book = book;
    this.terms = terms;
    this.random = random;
    this.target = Math.max(1, target);
  }

  static String write(Phrasebook book, ProductTerms terms, Random random, int target) {
    return new DescriptionWriter(book, terms, random, target).compose();
  }

  private String compose() {
    List<String> closers = new ArrayList<>(book.closers());
    closers.sort(Comparator.comparingInt(CodePoints::length).reversed());
    appendOpener();
    boolean grew = true;
    while (grew) {
      grew = appendFittingSentences() || appendLongestFitting(closers);
    }
    if (length < target * ENOUGH) {
      appendCut(terms.fill(book.sentences().get(0), random));
    }
    return text.toString();
  }

  /** A description that never names the product would read like a template, so it leads. */
  private void appendOpener() {
    List<String> openers = new ArrayList<>(book.openers());
    Collections.shuffle(openers, random);
    for (String opener : openers) {
      if (tryAppend(terms.fill(opener, random))) {
        return;
      }
    }
  }

  /** One round through the sentences in a fresh order, so long texts do not repeat in lockstep. */
  private boolean appendFittingSentences() {
    List<String> round = new ArrayList<>(book.sentences());
    Collections.shuffle(round, random);
    boolean grew = false;
    for (String template : round) {
      grew |= tryAppend(terms.fill(template, random));
    }
    return grew;
  }

  /** Each closer at most once: repeating "A good choice." would read like a glitch. */
  private boolean appendLongestFitting(List<String> closers) {
    for (String closer : closers) {
      if (tryAppend(closer)) {
        closers.remove(closer);
        return true;
      }
    }
    return false;
  }

  private boolean tryAppend(String sentence) {
    if (length + separator() + CodePoints.length(sentence) > target) {
      return false;
    }
    append(sentence);
    return true;
  }

  private void appendCut(String sentence) {
    int room = target - length - separator();
    if (room < 2) {
      return;
    }
    String cut = CodePoints.cutAtWord(sentence, room - 1);
    append(cut.matches("(?s).*[.!?]$") ? cut : cut + ".");
  }

  private void append(String sentence) {
    if (length > 0) {
      text.append(' ');
    }
    text.append(sentence);
    length += separator() + CodePoints.length(sentence);
  }

  private int separator() {
    return length > 0 ? 1 : 0;
  }
}
