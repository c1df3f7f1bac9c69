package io.quiver.benchmarks.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.OpenApiDocs;

/**
 * The benchmark organisation, set up through the REST API of node A as an admin would:
 * the upstream MCP server registered as a connector, members with their connections, and
 * the restrictions the measurements switch.
 * <ul>
 * <li>{@code bench} (MEMBER): one connection to the upstream, account {@code bench};</li>
 * <li>{@code context} (MEMBER): the connected apps of the context-size and throughput
 * runs;</li>
 * <li>{@code fresh} (MEMBER): one connection to the upstream and a restriction of its
 * own, switched by the freshness run;</li>
 * <li>{@code churn} (GUEST) suspended and reinstated, and a restriction of role GUEST
 * changed and changed back: the real events the replay run copies.</li>
 * </ul>
 */
final class Organisation {

	/** The curated catalog connectors, connected first. */
	static final List<String> CURATED = List.of("notion", "github", "linear", "slack", "stripe", "calcom");

	/** The {@code search_tools} queries of the context-size and throughput runs. */
	static final List<String> SEARCHES = List.of("create a page", "list the open pull requests",
			"send a message to the support channel");

	/** Generated apps after the curated ones: name and three resources (thirty tools). */
	private static final List<Map.Entry<String, List<String>>> GENERATED = List.of(
			Map.entry("Crm", List.of("contact", "company", "deal")),
			Map.entry("Helpdesk", List.of("ticket", "queue", "macro")),
			Map.entry("Drive", List.of("file", "folder", "share")),
			Map.entry("Calendar", List.of("event", "calendar", "room")),
			Map.entry("Wiki", List.of("page", "space", "template")),
			Map.entry("Hiring", List.of("candidate", "job", "interview")),
			Map.entry("Billing", List.of("invoice", "subscription", "refund")),
			Map.entry("Survey", List.of("form", "response", "question")),
			Map.entry("Inventory", List.of("product", "warehouse", "shipment")),
			Map.entry("Payroll", List.of("employee", "payslip", "bonus")),
			Map.entry("Design", List.of("board", "frame", "asset")),
			Map.entry("Analytics", List.of("dashboard", "report", "metric")),
			Map.entry("Signing", List.of("envelope", "signer", "template")),
			Map.entry("Learning", List.of("course", "lesson", "quiz")));

	final Api admin;

	final Api context;

	private final InstantMcpServer upstream;

	private final String nodeUrl;

	private int connectedApps;

	String replayRestriction;

	String churnMember;

	Organisation(QuiverProcess node, InstantMcpServer upstream) {
		this.nodeUrl = node.baseUrl();
		this.upstream = upstream;
		this.admin = Api.as(this.nodeUrl, "admin");
		this.context = Api.as(this.nodeUrl, "context");
	}

	void create() {
		this.admin
			.post("/api/v1/catalog", Map.of("id", "instant", "label", "Instant", "kind", "mcp", "url",
					this.upstream.url(), "allowPrivateNetwork", true))
			.expect(201);
		for (String member : List.of("bench", "context", "fresh")) {
			invite(member, "MEMBER");
		}
		for (String member : List.of("bench", "fresh")) {
			Api.as(this.nodeUrl, member)
				.post("/api/v1/connections", Map.of("connector", "instant", "label", member))
				.expect(201);
		}
		this.churnMember = invite("churn", "GUEST");
		this.admin.post("/api/v1/members/churn/suspend", null).expect(200);
		this.admin.post("/api/v1/members/churn/reinstate", null).expect(200);
		this.replayRestriction = this.admin
			.post("/api/v1/restrictions", Map.of("target", "role:GUEST", "block", List.of("connector:notion")))
			.expect(201)
			.json()
			.path("restrictionId")
			.asText();
		this.admin.patch("/api/v1/restrictions/" + this.replayRestriction, Map.of("block", List.of("connector:slack")))
			.expect(200);
		this.admin.patch("/api/v1/restrictions/" + this.replayRestriction, Map.of("block", List.of("connector:notion")))
			.expect(200);
	}

	/** A restriction of {@code fresh} alone, blocking nothing it has; returns its id. */
	String freshnessRestriction() {
		return this.admin
			.post("/api/v1/restrictions", Map.of("target", "user:fresh", "block", List.of("connector:notion")))
			.expect(201)
			.json()
			.path("restrictionId")
			.asText();
	}

	/** Connects apps to {@code context} until it has {@code apps}. */
	void connectApps(int apps) {
		for (; this.connectedApps < apps; this.connectedApps++) {
			String connector;
			if (this.connectedApps < CURATED.size()) {
				connector = CURATED.get(this.connectedApps);
			}
			else {
				Map.Entry<String, List<String>> app = GENERATED.get(this.connectedApps - CURATED.size());
				connector = app.getKey().toLowerCase();
				this.admin
					.post("/api/v1/catalog",
							Map.of("id", connector, "label", app.getKey(), "kind", "http", "openapi",
									OpenApiDocs.api("https://api.example.com", app.getKey(), app.getValue())))
					.expect(201);
			}
			this.context.post("/api/v1/connections", Map.of("connector", connector, "label", connector + "-work",
					"credential", Map.of("type", "bearer", "token", "benchmark-" + connector)))
				.expect(201);
		}
	}

	/** How many control-plane tools a tools/list answer holds. */
	static int controlPlaneTools(JsonNode list) {
		List<String> names = new ArrayList<>();
		list.path("result").path("tools").forEach((tool) -> names.add(tool.path("name").asText()));
		return (int) names.stream().filter((name) -> name.startsWith("quiver__")).count();
	}

	void threshold(int collapseThreshold) {
		this.admin.patch("/api/v1/org/settings", Map.of("collapseThreshold", collapseThreshold)).expect(200);
	}

	private String invite(String subject, String role) {
		return this.admin.post("/api/v1/members", Map.of("subject", subject, "role", role))
			.expect(201)
			.json()
			.path("memberId")
			.asText();
	}

}
