package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kubernetes manifests as {@code kubectl kustomize deploy/kubernetes} renders them: what an
 * operator relies on is checked on the rendered objects, not on the files. Without kubectl the
 * resources listed in kustomization.yaml are read as they are (same objects, no namespace or image
 * rewriting), so the checks still run.
 */
class KubernetesManifestsTest {

  private static final Path KUSTOMIZATION =
      Path.of("..", "kubernetes").toAbsolutePath().normalize();
  private static final Pattern SECRET_NAME =
      Pattern.compile(".*(PASSWORD|SECRET|TOKEN|API_KEY|ACCESS_KEY|CONNECTION|SEALING_KEY).*");

  private static List<Map<String, Object>> objects;

  @BeforeAll
  static void render() throws Exception {
    String yaml;
    if (Tools.onPath("kubectl")) {
      Tools.Result result = Tools.run(KUSTOMIZATION, "kubectl", "kustomize", ".");
      assertThat(result.exitCode()).as("kubectl kustomize: %s", result.output()).isZero();
      yaml = result.output();
    } else {
      Map<String, Object> kustomization =
          new Yaml().load(Files.readString(KUSTOMIZATION.resolve("kustomization.yaml")));
      StringBuilder all = new StringBuilder();
      for (Object resource : list(kustomization, "resources")) {
        all.append(Files.readString(KUSTOMIZATION.resolve(resource.toString()))).append("\n---\n");
      }
      yaml = all.toString();
    }
    objects = new ArrayList<>();
    for (Object document : new Yaml().loadAll(yaml)) {
      if (document != null) {
        objects.add(map(document));
      }
    }
  }

  @Test
  void everyProbeIsOnTheManagementPortNeverThePublicOne() {
    for (Map<String, Object> container : containers()) {
      int management = portNamed(container, "management");
      assertThat(management).as(name(container)).isNotEqualTo(8080);
      for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
        Map<String, Object> httpGet = map(map(container, probe), "httpGet");
        assertThat(httpGet.get("port")).as(name(container) + " " + probe).isEqualTo("management");
        assertThat(httpGet.get("path").toString())
            .as(name(container) + " " + probe)
            .startsWith("/actuator/health/");
      }
    }
  }

  @Test
  void everyContainerHasCpuAndMemoryRequestsAndLimits() {
    for (Map<String, Object> container : containers()) {
      Map<String, Object> resources = map(container, "resources");
      for (String kind : List.of("requests", "limits")) {
        assertThat(map(resources, kind))
            .as(name(container) + " " + kind)
            .containsKeys("cpu", "memory");
      }
    }
  }

  @Test
  void everyDeploymentHasADisruptionBudget() {
    for (Map<String, Object> deployment : ofKind("Deployment")) {
      Map<String, Object> podLabels =
          map(map(map(map(deployment, "spec"), "template"), "metadata"), "labels");
      boolean covered =
          ofKind("PodDisruptionBudget").stream()
              .map(pdb -> map(map(map(pdb, "spec"), "selector"), "matchLabels"))
              .anyMatch(selector -> podLabels.entrySet().containsAll(selector.entrySet()));
      assertThat(covered).as("PDB for " + metadataName(deployment)).isTrue();
    }
  }

  @Test
  void workersScaleOnTheirBacklog() {
    List<Map<String, Object>> scalers =
        ofKind("ScaledObject").stream()
            .filter(s -> "cardgen-worker".equals(map(map(s, "spec"), "scaleTargetRef").get("name")))
            .toList();
    assertThat(scalers).as("a KEDA ScaledObject for cardgen-worker").hasSize(1);
    List<Object> triggerTypes =
        list(map(scalers.get(0), "spec"), "triggers").stream()
            .map(trigger -> map(trigger).get("type"))
            .toList();
    // postgresql: QUEUED jobs, the share group's backlog read from the source of truth (ADR 0014).
    assertThat(triggerTypes).containsAnyOf("postgresql", "kafka");
    // The worker Deployment must not pin a replica count the autoscaler would fight.
    Map<String, Object> worker =
        ofKind("Deployment").stream()
            .filter(d -> "cardgen-worker".equals(metadataName(d)))
            .findFirst()
            .orElseThrow();
    assertThat(map(worker, "spec")).doesNotContainKey("replicas");
  }

  @Test
  void noSecretIsInlined() {
    assertThat(ofKind("Secret")).as("Secrets are created out of band, never rendered").isEmpty();
    for (Map<String, Object> configMap : ofKind("ConfigMap")) {
      assertThat(map(configMap, "data").keySet())
          .as(metadataName(configMap))
          .noneMatch(key -> SECRET_NAME.matcher(key).matches());
    }
    for (Map<String, Object> container : containers()) {
      for (Object item : list(container, "env")) {
        Map<String, Object> env = map(item);
        if (SECRET_NAME.matcher(env.get("name").toString()).matches()) {
          assertThat(env).as(name(container) + " " + env.get("name")).doesNotContainKey("value");
          assertThat(map(map(env, "valueFrom"), "secretKeyRef"))
              .as(name(container) + " " + env.get("name"))
              .containsEntry("name", "cardgen-secrets");
        }
      }
    }
    for (Map<String, Object> auth : ofKind("TriggerAuthentication")) {
      assertThat(map(auth, "spec")).containsOnlyKeys("secretTargetRef");
    }
  }

  private static List<Map<String, Object>> ofKind(String kind) {
    return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
  }

  private static List<Map<String, Object>> containers() {
    List<Map<String, Object>> containers = new ArrayList<>();
    for (Map<String, Object> deployment : ofKind("Deployment")) {
      Map<String, Object> pod = map(map(map(deployment, "spec"), "template"), "spec");
      for (Object container : list(pod, "containers")) {
        Map<String, Object> c = map(container);
        c.put("_deployment", metadataName(deployment));
        containers.add(c);
      }
    }
    assertThat(containers)
        .as("containers in the rendered manifests")
        .hasSizeGreaterThanOrEqualTo(2);
    return containers;
  }

  private static int portNamed(Map<String, Object> container, String portName) {
    return list(container, "ports").stream()
        .map(KubernetesManifestsTest::map)
        .filter(port -> portName.equals(port.get("name")))
        .map(port -> (Integer) port.get("containerPort"))
        .findFirst()
        .orElseThrow(() -> new AssertionError(name(container) + " has no port " + portName));
  }

  private static String name(Map<String, Object> container) {
    return container.get("_deployment") + "/" + container.get("name");
  }

  private static String metadataName(Map<String, Object> object) {
    return Objects.toString(map(object, "metadata").get("name"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    assertThat(value).isInstanceOf(Map.class);
    return (Map<String, Object>) value;
  }

  private static Map<String, Object> map(Map<String, Object> parent, String key) {
    assertThat(parent).as("has " + key).containsKey(key);
    return map(parent.get(key));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Map<String, Object> parent, String key) {
    Object value = parent.get(key);
    return value == null ? List.of() : (List<Object>) value;
  }
}
