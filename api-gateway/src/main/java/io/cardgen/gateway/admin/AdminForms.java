package io.cardgen.gateway.admin;

import java.util.Iterator;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads admin forms strictly: a field the form does not have is refused, not ignored, and so is a
 * value of another type than the field's. The public API's binding ignores unknown fields, but an
 * operator's typo in an admin call ({@code "api_revison"}, {@code "credit"}) would otherwise answer
 * 200 or 201 having changed nothing the operator meant.
 */
final class AdminForms {

  /** A form, or (with a null form) the detail of why the body is not one. */
  record Read<T>(T form, String refusal) {

    static <T> Read<T> refused(String refusal) {
      return new Read<>(null, refusal);
    }

    boolean isRefused() {
      return refusal != null;
    }
  }

  private final JsonMapper strict;

  AdminForms(JsonMapper json) {
    this.strict =
        json.rebuild()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // 2.7 photos is not 2, nor "5" a number: the operator meant something else.
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            // and 5 is not a name, nor true a plan: text fields take text only.
            .withCoercionConfig(
                LogicalType.Textual,
                text ->
                    text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build();
  }

  <T> Read<T> read(JsonNode body, Class<T> type) {
    if (body == null || !body.isObject()) {
      return Read.refused("тело должно быть объектом");
    }
    try {
      return new Read<>(strict.treeToValue(body, type), null);
    } catch (UnrecognizedPropertyException unknown) {
      return Read.refused(unknownField(unknown.getPropertyName()));
    } catch (JacksonException mismatched) {
      return Read.refused(fieldOf(mismatched) + ": значение не того типа");
    }
  }

  /** The first field of {@code body} outside {@code known}, or null when there is none. */
  static String unknownFieldOf(JsonNode body, Set<String> known) {
    for (Iterator<String> names = body.propertyNames().iterator(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        return unknownField(name);
      }
    }
    return null;
  }

  private static String unknownField(String name) {
    return "неизвестное поле " + quoted(name);
  }

  private static String fieldOf(JacksonException failure) {
    String path =
        failure.getPath().stream()
            .map(reference -> reference.getPropertyName())
            .filter(name -> name != null)
            .reduce((outer, inner) -> outer + "." + inner)
            .orElse("тело");
    return quoted(path);
  }

  /** Echoed back shortened: the name is the caller's and may be anything up to the body's bound. */
  private static String quoted(String name) {
    String shown = name.length() <= 64 ? name : name.substring(0, 64) + "…";
    return "«" + shown.replaceAll("\\p{Cntrl}", "?") + "»";
  }
}
