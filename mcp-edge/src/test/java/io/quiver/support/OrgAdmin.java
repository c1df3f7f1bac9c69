package io.quiver.support;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The steps an organisation's OWNER takes through the REST API to set up a story:
 * members, custom connectors, connections, toolboxes, restrictions and settings. Each
 * step asserts that it worked, with the server's answer as the failure message.
 */
public final class OrgAdmin {

	private final Rest rest;

	public OrgAdmin(Rest rest) {
		this.rest = rest;
	}

	public Rest rest() {
		return this.rest;
	}

	public void invite(String subject, String role) {
		expect(this.rest.post("/api/v1/members", Map.of("subject", subject, "role", role)), 201);
	}

	/** Registers a custom {@code http} connector from an OpenAPI document. */
	public void registerHttpConnector(String id, String label, String openApi) {
		expect(this.rest.post("/api/v1/catalog",
				Map.of("id", id, "label", label, "kind", "http", "openapi", openApi, "allowPrivateNetwork", true)),
				201);
	}

	/** A connection owned by the caller of {@code as}; returns its id. */
	public static String connect(Rest as, String connector, String label) {
		return expect(
				as.post("/api/v1/connections",
						Map.of("connector", connector, "label", label, "credential",
								Map.of("type", "bearer", "token", "secret-" + label))),
				201)
			.path("connectionId")
			.asText();
	}

	/** A connection made by this admin for another member; returns its id. */
	public String connectFor(String owner, String connector, String label) {
		return expect(
				this.rest.post("/api/v1/connections",
						Map.of("connector", connector, "label", label, "owner", owner, "credential",
								Map.of("type", "bearer", "token", "secret-" + label))),
				201)
			.path("connectionId")
			.asText();
	}

	public void collapseThreshold(int threshold) {
		JsonNode org = expect(this.rest.patch("/api/v1/org/settings", Map.of("collapseThreshold", threshold)), 200);
		assertThat(org.path("collapseThreshold").asInt()).isEqualTo(threshold);
	}

	public void createToolbox(String name) {
		expect(this.rest.post("/api/v1/toolboxes", Map.of("name", name)), 201);
	}

	/** Adds an entry for {@code connector.operation} over the given connection labels. */
	public void addEntry(String toolbox, String operation, List<String> connections, String name) {
		Map<String, Object> entry = new HashMap<>();
		entry.put("operation", operation);
		entry.put("connections", connections);
		if (name != null) {
			entry.put("name", name);
		}
		expect(this.rest.post("/api/v1/toolboxes/" + toolbox + "/entries", entry), 201);
	}

	public void grant(String toolbox, String target) {
		expect(this.rest.post("/api/v1/toolboxes/" + toolbox + "/grants", Map.of("target", target)), 200, 201);
	}

	/** A restriction of one target, e.g. {@code user:bob}, with block items only. */
	public void block(String target, List<String> items) {
		expect(this.rest.post("/api/v1/restrictions", Map.of("target", target, "block", items)), 201);
	}

	private static JsonNode expect(Rest.Response response, int... statuses) {
		assertThat(response.status()).as(response.body()).isIn(box(statuses));
		return response.json();
	}

	private static Object[] box(int[] values) {
		Object[] boxed = new Object[values.length];
		for (int i = 0; i < values.length; i++) {
			boxed[i] = values[i];
		}
		return boxed;
	}

}
