package io.cardgen.standalone;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module boundaries of STYLE.md: gateway and worker never import each other, common holds no
 * Spring and knows neither, storage (their shared S3 plumbing) knows no application, and nothing
 * but the standalone itself imports the standalone.
 */
class ModuleBoundariesTest {

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.cardgen");
  }

  @Test
  void gatewayNeverImportsTheWorker() {
    noClasses()
        .that()
        .resideInAPackage("io.cardgen.gateway..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.cardgen.worker..")
        .check(classes);
  }

  @Test
  void workerNeverImportsTheGateway() {
    noClasses()
        .that()
        .resideInAPackage("io.cardgen.worker..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.cardgen.gateway..")
        .check(classes);
  }

  @Test
  void commonHoldsContractsOnly() {
    noClasses()
        .that()
        .resideInAPackage("io.cardgen.common..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.cardgen.gateway..",
            "io.cardgen.worker..",
            "io.cardgen.standalone..",
            "org.springframework..")
        .check(classes);
  }

  @Test
  void storageKnowsNoApplication() {
    noClasses()
        .that()
        .resideInAPackage("io.cardgen.storage..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.cardgen.gateway..", "io.cardgen.worker..", "io.cardgen.standalone..")
        .check(classes);
  }

  @Test
  void nothingImportsTheStandalone() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.cardgen.standalone..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.cardgen.standalone..")
        .check(classes);
  }
}
