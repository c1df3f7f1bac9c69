package io.quiver.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import io.quiver.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The Helm chart in {@code deploy/helm/quiver}, linted and rendered by Helm's own code (a
 * Java binding of it; Helm is not installed here): probes on Spring Boot's liveness and
 * readiness groups, a termination grace period longer than the drain, the vault key and
 * the database password from Secrets, a disruption budget, the optional autoscaler, and a
 * refusal naming each required value.
 */
class HelmChartTest {

	private static final Path CHART = RepositoryFiles.find("deploy/helm/quiver/Chart.yaml").getParent();

	private static final String KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	@Test
	void theChartLintsCleanInStrictMode() {
		LintResult lint = new Helm(CHART).lint().strict().call();

		assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
		assertThat(lint.getMessages())
			.noneMatch((message) -> message.contains("[WARNING]") || message.contains("[ERROR]"));
	}

	@Test
	void givenTheRequiredValues_whenRendered_thenProbesGracePeriodAndSecretsAreWired() {
		List<Map<String, Object>> manifests = render(UnaryOperator.identity());

		Map<String, Object> container = container(manifests);
		assertThat(path(container, "startupProbe", "httpGet", "path")).isEqualTo("/actuator/health/liveness");
		assertThat(path(container, "livenessProbe", "httpGet", "path")).isEqualTo("/actuator/health/liveness");
		assertThat(path(container, "readinessProbe", "httpGet", "path")).isEqualTo("/actuator/health/readiness");
		assertThat(path(container, "readinessProbe", "httpGet", "port")).isEqualTo("http");
		assertThat(path(container, "lifecycle", "preStop", "exec", "command")).isEqualTo(List.of("sleep", "5"));

		Map<String, Object> config = data(manifests, "ConfigMap", "quiver");
		assertThat(config).containsEntry("SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE", "30s")
			.containsEntry("QUIVER_PUBLIC_URL", "https://quiver.example.com")
			.containsEntry("SPRING_SECURITY_OAUTH2_RESOURCESERVER_JWT_ISSUER_URI", "https://login.example.com/")
			.containsEntry("LOGGING_STRUCTURED_FORMAT_CONSOLE", "ecs")
			.doesNotContainKeys("QUIVER_VAULT_KEY", "SPRING_DATASOURCE_PASSWORD");
		int grace = (Integer) path(deployment(manifests), "spec", "template", "spec", "terminationGracePeriodSeconds");
		assertThat(grace).as("longer than the pre-stop pause and the drain").isGreaterThan(5 + 30);

		assertThat(secretReference(container, "QUIVER_VAULT_KEY")).containsExactly("quiver-vault", "vault-key");
		assertThat(secretReference(container, "SPRING_DATASOURCE_PASSWORD")).containsExactly("quiver-database",
				"password");
		assertThat(data(manifests, "Secret", "quiver-vault")).containsEntry("vault-key",
				java.util.Base64.getEncoder().encodeToString(KEY.getBytes()));
		assertThat(data(manifests, "Secret", "quiver-database")).containsKey("password");
		assertThat(path(resource(manifests, "Secret", "quiver-vault").orElseThrow(), "metadata", "annotations",
				"helm.sh/resource-policy"))
			.isEqualTo("keep");

		Map<String, Object> pdb = resource(manifests, "PodDisruptionBudget", "quiver").orElseThrow();
		assertThat(path(pdb, "spec", "selector", "matchLabels"))
			.isEqualTo(path(deployment(manifests), "spec", "template", "metadata", "labels"));
		assertThat(resource(manifests, "HorizontalPodAutoscaler", "quiver")).isEmpty();
		assertThat(path(resource(manifests, "Service", "quiver").orElseThrow(), "spec", "ports"))
			.isEqualTo(List.of(Map.of("name", "http", "port", 80, "targetPort", "http", "protocol", "TCP")));
	}

	@Test
	void givenExistingSecretsAndAutoscaling_whenRendered_thenTheirNamesAreReferencedAndNoSecretIsMade() {
		List<Map<String, Object>> manifests = render((helm) -> helm.set("vault.key", "")
			.set("vault.existingSecret", "ops-vault")
			.set("vault.existingSecretKey", "key")
			.set("database.password", "")
			.set("database.existingSecret", "ops-db")
			.set("autoscaling.enabled", "true"));

		Map<String, Object> container = container(manifests);
		assertThat(secretReference(container, "QUIVER_VAULT_KEY")).containsExactly("ops-vault", "key");
		assertThat(secretReference(container, "SPRING_DATASOURCE_PASSWORD")).containsExactly("ops-db", "password");
		assertThat(manifests).noneMatch((manifest) -> "Secret".equals(manifest.get("kind")));
		assertThat((List<Object>) cast(container.get("env"))).as("no scrape token, loopback scrapes only")
			.noneMatch((entry) -> "QUIVER_METRICS_SCRAPE_TOKEN".equals(((Map<?, ?>) entry).get("name")));
		assertThat(path(deployment(manifests), "spec", "replicas")).as("the autoscaler decides").isNull();
		assertThat(path(resource(manifests, "HorizontalPodAutoscaler", "quiver").orElseThrow(), "spec", "maxReplicas"))
			.isEqualTo(6);
	}

	@Test
	void givenAScrapeTokenAndACollector_whenRendered_thenTheTokenIsASecretAndSpansGoToTheCollector() {
		List<Map<String, Object>> manifests = render((helm) -> helm.set("metrics.scrapeToken", "scr4pe")
			.set("tracing.otlpEndpoint", "http://otel-collector:4318/v1/traces"));

		assertThat(secretReference(container(manifests), "QUIVER_METRICS_SCRAPE_TOKEN"))
			.containsExactly("quiver-metrics", "scrape-token");
		assertThat(data(manifests, "Secret", "quiver-metrics")).containsEntry("scrape-token",
				java.util.Base64.getEncoder().encodeToString("scr4pe".getBytes()));
		assertThat(data(manifests, "ConfigMap", "quiver"))
			.containsEntry("MANAGEMENT_OTLP_TRACING_ENDPOINT", "http://otel-collector:4318/v1/traces")
			.doesNotContainKey("QUIVER_METRICS_SCRAPE_TOKEN");

		List<Map<String, Object>> existing = render((helm) -> helm.set("metrics.existingSecret", "ops-metrics"));
		assertThat(secretReference(container(existing), "QUIVER_METRICS_SCRAPE_TOKEN")).containsExactly("ops-metrics",
				"scrape-token");
		assertThat(resource(existing, "Secret", "quiver-metrics")).isEmpty();
	}

	@Test
	void givenNoVaultKey_whenRendered_thenRefusedNamingIt() {
		assertThatException().isThrownBy(() -> render((helm) -> helm.set("vault.key", "")))
			.withMessageContaining("vault.existingSecret or vault.key is required");
		assertThatException().isThrownBy(() -> render((helm) -> helm.set("publicUrl", "")))
			.withMessageContaining("publicUrl is required");
		assertThatException().isThrownBy(() -> render((helm) -> helm.set("oauth.issuerUri", "")))
			.withMessageContaining("oauth.issuerUri (or oauth.jwkSetUri) is required");
	}

	private static List<Map<String, Object>> render(UnaryOperator<TemplateCommand> values) {
		TemplateCommand template = new Helm(CHART).template()
			.withName("quiver")
			.set("publicUrl", "https://quiver.example.com")
			.set("oauth.issuerUri", "https://login.example.com/")
			.set("database.url", "jdbc:postgresql://db:5432/quiver")
			.set("database.password", "s3cret")
			.set("vault.key", KEY);
		List<Map<String, Object>> manifests = new ArrayList<>();
		for (Object document : new Yaml().loadAll(values.apply(template).call())) {
			if (document != null) {
				manifests.add(cast(document));
			}
		}
		return manifests;
	}

	private static Map<String, Object> deployment(List<Map<String, Object>> manifests) {
		return resource(manifests, "Deployment", "quiver").orElseThrow();
	}

	private static Map<String, Object> container(List<Map<String, Object>> manifests) {
		List<Object> containers = cast(path(deployment(manifests), "spec", "template", "spec", "containers"));
		assertThat(containers).hasSize(1);
		return cast(containers.get(0));
	}

	/** The Secret name and key an environment variable of the container is read from. */
	private static List<Object> secretReference(Map<String, Object> container, String variable) {
		List<Object> env = cast(container.get("env"));
		for (Object each : env) {
			Map<String, Object> entry = cast(each);
			if (variable.equals(entry.get("name"))) {
				assertThat(entry).doesNotContainKey("value");
				return List.of(path(entry, "valueFrom", "secretKeyRef", "name"),
						path(entry, "valueFrom", "secretKeyRef", "key"));
			}
		}
		throw new AssertionError(variable + " is not in the container's env: " + env);
	}

	private static Map<String, Object> data(List<Map<String, Object>> manifests, String kind, String name) {
		return cast(resource(manifests, kind, name).orElseThrow().get("data"));
	}

	private static Optional<Map<String, Object>> resource(List<Map<String, Object>> manifests, String kind,
			String name) {
		return manifests.stream()
			.filter((manifest) -> kind.equals(manifest.get("kind")) && name.equals(path(manifest, "metadata", "name")))
			.findFirst();
	}

	private static Object path(Map<String, Object> map, String... keys) {
		Object current = map;
		for (String key : keys) {
			if (!(current instanceof Map<?, ?> each)) {
				return null;
			}
			current = each.get(key);
		}
		return current;
	}

	@SuppressWarnings("unchecked")
	private static <T> T cast(Object value) {
		return (T) value;
	}

}
