package io.cardgen.worker.validation;

import io.cardgen.common.wire.CardSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Drops the one item too many from a list, where that loses nothing the seller confirmed: a blank
 * item first, then a repeat of an earlier item, then the last item that states no figure and no
 * product fact. An item carrying a figure or a fact is never dropped, so the model is asked
 * instead; a list one item short is never padded.
 */
final class ExtraItem {

  private static final int SIGNIFICANT = 4;

  private ExtraItem() {}

  /** The list with one item dropped, or {@code null} when it is not one too long or none may go. */
  static List<String> drop(List<String> items, int count, CardSpec spec) {
    if (items == null || count == 0 || items.size() != count + 1) {
      return null;
    }
    int victim = blank(items);
    if (victim < 0) {
      victim = repeat(items);
    }
    if (victim < 0) {
      victim = lastWithoutFacts(items, spec);
    }
    if (victim < 0) {
      return null;
    }
    List<String> kept = new ArrayList<>(items);
    kept.remove(victim);
    return List.copyOf(kept);
  }

  private static int blank(List<String> items) {
    for (int i = items.size() - 1; i >= 0; i--) {
      if (items.get(i) == null || items.get(i).isBlank()) {
        return i;
      }
    }
    return -1;
  }

  /** A later item that says the same as, or part of, an earlier one. */
  private static int repeat(List<String> items) {
    for (int i = items.size() - 1; i > 0; i--) {
      String later = normal(items.get(i));
      for (int j = 0; j < i; j++) {
        if (normal(items.get(j)).contains(later)) {
          return i;
        }
      }
    }
    return -1;
  }

  private static int lastWithoutFacts(List<String> items, CardSpec spec) {
    for (int i = items.size() - 1; i >= 0; i--) {
      if (!carriesFact(items.get(i), spec)) {
        return i;
      }
    }
    return -1;
  }

  /** A digit, or a significant word of any product fact (or the short description's figures). */
  private static boolean carriesFact(String item, CardSpec spec) {
    String text = normal(item);
    if (text.chars().anyMatch(Character::isDigit)) {
      return true;
    }
    for (String fact : spec.productFacts().values()) {
      for (String word : normal(fact).split("[^\\p{L}\\p{N}]+")) {
        if (word.length() >= SIGNIFICANT && text.contains(word)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String normal(String text) {
    return text.toLowerCase(Locale.ROOT).replace('ё', 'е').replaceAll("[\\s\\p{P}]+", " ").strip();
  }
}
