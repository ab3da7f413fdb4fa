package io.cardgen.standalone.simulator;

import java.util.List;
import java.util.Set;

/**
 * Sentence templates of one language. {@code {product}} / {@code {Product}} stand for the product
 * phrase taken from the short description (mid-sentence / capitalised), {@code {word}} / {@code
 * {Word}} for one of its words. Templates hold no digits: the service rejects invented
 * measurements, so numbers may only come from the user's own text.
 *
 * @param openers first sentences of a description, each naming the product
 * @param closers short sentences that top the description up to its target length
 * @param stopWords words of the short description too bland to stand for the product
 */
record Phrasebook(
    String fallbackProduct,
    List<String> fallbackWords,
    Set<String> stopWords,
    List<String> openers,
    List<String> sentences,
    List<String> closers,
    List<String> features,
    List<String> audiences,
    List<String> headers,
    List<String> slogans) {}
