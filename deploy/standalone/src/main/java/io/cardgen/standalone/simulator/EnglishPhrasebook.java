package io.cardgen.standalone.simulator;

import java.util.List;
import java.util.Set;

final class EnglishPhrasebook {

  static final Phrasebook PHRASEBOOK =
      new Phrasebook(
          "this product",
          List.of("comfort", "quality", "design"),
          Set.of(
              "about", "after", "before", "being", "could", "other", "should", "their", "there",
              "these", "those", "under", "where", "which", "while", "without", "would"),
          List.of(
              "{Product} is designed for people who value comfort and practicality every day.",
              "Meet {product}: a thoughtful choice that fits naturally into your routine.",
              "{Product} combines a simple idea with careful execution, so it simply works.",
              "Every detail of {product} serves a purpose, from the first look to daily use."),
          List.of(
              "It fits naturally into your routine and quickly becomes a favourite.",
              "Every detail serves a purpose, from the first look to daily use.",
              "Details such as {word} were thought through with everyday use in mind.",
              "It is easy to understand, pleasant to handle and ready to use straight away.",
              "Careful attention to {word} makes it a reliable companion at home, at work or on"
                  + " the go.",
              "The clean, balanced design looks good in any setting and never gets in the way.",
              "A simple idea meets careful execution, and the result is easy to live with.",
              "Materials and finish were chosen to keep it looking neat for a long time.",
              "Whether it is a gift or a treat for yourself, it is a choice you will not regret.",
              "The focus on {word} makes everyday tasks a little easier and a little more"
                  + " enjoyable.",
              "It is the kind of thing you reach for without thinking, because it does its job"
                  + " well.",
              "Calm proportions let it blend in with its surroundings while still standing out.",
              "Looking after it is simple, and it keeps its appearance with regular use.",
              "Anyone who appreciates {word} will notice the difference from the very first day.",
              "With {product}, small everyday moments become more comfortable."),
          List.of(
              "A good choice.",
              "Simple and reliable.",
              "Try it for yourself.",
              "Made for every day.",
              "Quality without fuss.",
              "It simply works.",
              "Enjoy it.",
              "Why wait?"),
          List.of(
              "Practical design for everyday use",
              "Special attention to {word}",
              "Neat finish that is easy to look after",
              "Comfortable to handle",
              "Clean look that suits any setting",
              "Thoughtful approach to {word}",
              "Ready to use straight away",
              "Reliable in daily use",
              "Well-balanced proportions",
              "A good gift idea",
              "Simple, intuitive use",
              "Built around {word}"),
          List.of(
              "For people who value comfort, quality and thoughtful design in everyday things.",
              "For anyone who appreciates {word} and wants a product that simply works.",
              "Ideal for those who choose practical, reliable things and dislike needless fuss.",
              "A good fit for people looking for a dependable everyday companion or a gift."),
          List.of(
              "Meet {product}",
              "Designed around {word}",
              "Comfort for every day",
              "Simple, reliable, yours",
              "Made with care",
              "Small details, big difference",
              "Quality you can feel",
              "Everything you need in {product}"),
          List.of(
              "Everyday comfort, done right.",
              "Made for you.",
              "Simply better every day.",
              "Your new favourite thing.",
              "Less fuss, more {word}.",
              "Comfort that speaks for itself.",
              "Quality in every detail.",
              "Choose what works."));

  private EnglishPhrasebook() {}
}
