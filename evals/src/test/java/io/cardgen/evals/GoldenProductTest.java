package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/** A golden file not as the README says is refused with its name and the field at fault. */
class GoldenProductTest {

  @TempDir Path temp;

  private Path dir;

  @BeforeEach
  void createGoldenDirectory() throws IOException {
    dir = Files.createDirectories(temp.resolve("golden/photos")).getParent();
  }

  @Test
  void loadsEveryProductOfTheRepositorysSet() {
    assertThat(GoldenProduct.load(Golden.DIR)).hasSize(66);
  }

  @Test
  void namesTheFileOfAProductWithoutALanguage() throws IOException {
    ObjectNode product = valid();
    product.remove("language");
    write(product);

    assertThatThrownBy(() -> GoldenProduct.load(dir))
        .hasMessageContaining("ru-home-01.json")
        .hasMessageEndingWith("language is required");
  }

  @Test
  void refusesALanguageTheCardCannotBeCheckedIn() throws IOException {
    write(valid().put("language", "de"));

    assertThatThrownBy(() -> GoldenProduct.load(dir))
        .hasMessageContaining("ru-home-01.json")
        .hasMessageContaining("language must be one of");
  }

  @Test
  void refusesAPhotoOutsideTheGoldenDirectory() throws IOException {
    Files.writeString(temp.resolve("secret.png"), "not a photo");
    ObjectNode product = valid();
    product.putArray("photos").add("../secret.png");
    write(product);

    assertThatThrownBy(() -> GoldenProduct.load(dir))
        .hasMessageContaining("photo \"../secret.png\" is not inside");
  }

  @Test
  void refusesAPhotoThatLinksOutOfTheGoldenDirectory() throws IOException {
    Files.writeString(temp.resolve("secret.png"), "not a photo");
    Files.createSymbolicLink(dir.resolve("photos/linked.png"), temp.resolve("secret.png"));
    ObjectNode product = valid();
    product.putArray("photos").add("photos/linked.png");
    write(product);

    assertThatThrownBy(() -> GoldenProduct.load(dir))
        .hasMessageContaining("ru-home-01.json")
        .hasMessageContaining("photo \"photos/linked.png\" links to a file outside");
  }

  @Test
  void namesAMissingPhoto() throws IOException {
    ObjectNode product = valid();
    product.putArray("photos").add("photos/absent.png");
    write(product);

    assertThatThrownBy(() -> GoldenProduct.load(dir))
        .hasMessageContaining("ru-home-01.json")
        .hasMessageContaining("photo \"photos/absent.png\" cannot be read");
  }

  @Test
  void namesTheFileOfAnInvalidPattern() throws IOException {
    ObjectNode product = valid();
    product.withObject("expect").putArray("facts").add("кружк(");
    write(product);

    assertThatThrownBy(() -> GoldenProduct.load(dir))
        .hasMessageContaining("ru-home-01.json")
        .hasMessageContaining("expect.facts has an invalid pattern");
  }

  @Test
  void namesTheFileOfBrokenJson() throws IOException {
    Files.writeString(dir.resolve("ru-home-01.json"), "{\"id\": ");

    assertThatThrownBy(() -> GoldenProduct.load(dir)).hasMessageContaining("ru-home-01.json");
  }

  /** The repository's ru-home-01 with its photo copied next to it. */
  private ObjectNode valid() throws IOException {
    Files.copy(Golden.DIR.resolve("photos/ru-home-01.png"), dir.resolve("photos/ru-home-01.png"));
    return (ObjectNode) Json.MAPPER.readTree(Golden.DIR.resolve("ru-home-01.json").toFile());
  }

  private void write(ObjectNode product) throws IOException {
    Files.writeString(dir.resolve("ru-home-01.json"), product.toString());
  }
}
