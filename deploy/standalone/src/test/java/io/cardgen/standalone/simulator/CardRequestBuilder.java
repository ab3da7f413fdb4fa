package io.cardgen.standalone.simulator;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Chat completion requests shaped like the ones the worker sends through langchain4j. */
final class CardRequestBuilder {

  static final String PHOTO = "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQg=";

  private String shortDescription = "Wireless headphones with active noise cancelling";
  private Integer length = 300;
  private int features;
  private boolean audience;
  private int headers;
  private int slogans;
  private boolean withSchema = true;
  private boolean contentAsParts;
  private String previousAnswer;
  private String repairMessage;

  static CardRequestBuilder aCardRequest() {
    return new CardRequestBuilder();
  }

  CardRequestBuilder withShortDescription(String text) {
    this.shortDescription = text;
    return this;
  }

  CardRequestBuilder withLength(Integer length) {
    this.length = length;
    return this;
  }

  CardRequestBuilder withFeatures(int count) {
    this.features = count;
    return this;
  }

  CardRequestBuilder withAudience() {
    this.audience = true;
    return this;
  }

  CardRequestBuilder withHeaders(int count) {
    this.headers = count;
    return this;
  }

  CardRequestBuilder withSlogans(int count) {
    this.slogans = count;
    return this;
  }

  CardRequestBuilder withAllBlocks() {
    return withFeatures(5).withAudience().withHeaders(3).withSlogans(4);
  }

  CardRequestBuilder withoutResponseFormat() {
    this.withSchema = false;
    return this;
  }

  /** The worker's repair round: the rejected answer as the assistant's turn, then what to fix. */
  CardRequestBuilder asRepairOf(String previousAnswer) {
    return asRepairOf(
        previousAnswer, "Your previous answer cannot be used, because it breaks these rules.");
  }

  /** The repair round with {@code repairMessage} as what the worker tells the model to fix. */
  CardRequestBuilder asRepairOf(String previousAnswer, String repairMessage) {
    this.previousAnswer = previousAnswer;
    this.repairMessage = repairMessage;
    return this;
  }

  /** The user message as an array of a text part and a photo part, as when photos are sent. */
  CardRequestBuilder withPhotoParts() {
    this.contentAsParts = true;
    return this;
  }

  String json() {
    ObjectNode root = Json.MAPPER.createObjectNode().put("model", "gpt-4o-mini");
    root.put("temperature", 0.7);
    ArrayNode messages = root.putArray("messages");
    messages
        .addObject()
        .put("role", "system")
        .put("content", "You write product cards for an online shop. Answer with JSON only.");
    ObjectNode user = messages.addObject().put("role", "user");
    if (contentAsParts) {
      ArrayNode parts = user.putArray("content");
      parts.addObject().put("type", "text").put("text", userText());
      parts.addObject().put("type", "image_url").putObject("image_url").put("url", PHOTO);
    } else {
      user.put("content", userText());
    }
    if (previousAnswer != null) {
      messages.addObject().put("role", "assistant").put("content", previousAnswer);
      messages.addObject().put("role", "user").put("content", repairMessage);
    }
    if (withSchema) {
      root.set("response_format", responseFormat());
    }
    return Json.MAPPER.writeValueAsString(root);
  }

  String userText() {
    String lengthLine =
        length == null ? "" : "Target description length: " + length + " characters\n";
    return "Style: marketing\n"
        + "Short description: "
        + shortDescription
        + "\n"
        + lengthLine
        + "Write in the language of the short description. Do not invent measurements.\n";
  }

  private ObjectNode responseFormat() {
    ObjectNode format = Json.MAPPER.createObjectNode().put("type", "json_schema");
    format
        .putObject("json_schema")
        .put("name", "product_card")
        .put("strict", true)
        .set("schema", schema());
    return format;
  }

  /** The card's JSON schema, with the blocks and item counts chosen so far. */
  ObjectNode schema() {
    ObjectNode schema = Json.MAPPER.createObjectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    ArrayNode required = schema.putArray("required");
    properties.putObject("description").put("type", "string");
    required.add("description");
    addList(properties, required, "features", features);
    if (audience) {
      properties.putObject("audience").put("type", "string");
      required.add("audience");
    }
    addList(properties, required, "headers", headers);
    addList(properties, required, "slogans", slogans);
    schema.put("additionalProperties", false);
    return schema;
  }

  private static void addList(ObjectNode properties, ArrayNode required, String name, int count) {
    if (count == 0) {
      return;
    }
    ObjectNode list = properties.putObject(name).put("type", "array");
    list.putObject("items").put("type", "string");
    list.put("minItems", count).put("maxItems", count);
    required.add(name);
  }
}
