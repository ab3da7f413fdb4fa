package io.cardgen.cli.input;

/** One thing wrong with the input file, located the way its author sees it ("row 7 (sku-12)"). */
public record InputProblem(String where, String message) {}
