package io.quiver.edge.core;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.support.EventStore;
import io.quiver.support.FakeUpstream;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input through every REST resource (members, connections, toolboxes, restrictions,
 * catalog, organisation settings, audit, compliance): malformed JSON, wrong JSON types,
 * unknown fields, missing required fields, unknown values (roles, targets, items),
 * duplicates, unknown ids, an oversized body. Each is answered with a 4xx in the one
 * error body of the API (problem details with a stable {@code code} and a {@code detail}
 * that says what is wrong), and writes no event.
 */
class BadInputIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static FakeUpstream upstream;

	@Autowired
	DataSource dataSource;

	@Autowired
	QuiverProperties properties;

	private String org;

	private Rest owner;

	private EventStore events;

	private String restriction;

	private String entry;

	@BeforeAll
	static void startUpstream() {
		upstream = FakeUpstream.start();
	}

	@AfterAll
	static void stopUpstream() {
		upstream.close();
	}

	@BeforeEach
	void organisation() {
		this.org = this.organizations.create("bad-input");
		this.owner = rest(this.org, "owner");
		this.events = new EventStore(this.dataSource);
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.invite("alice", "MEMBER");
		admin.registerHttpConnector("echo", "Echo", upstream.openApi());
		OrgAdmin.connect(this.owner, "echo", "echo-main");
		admin.createToolbox("desk");
		admin.addEntry("desk", "echo.get_item", List.of("echo-main"), null);
		this.entry = this.owner.get("/api/v1/toolboxes/desk").json().path("entries").get(0).path("entryId").asText();
		this.restriction = this.owner
			.post("/api/v1/restrictions", Map.of("target", "user:alice", "block", List.of("tool:echo.delete_item")))
			.json()
			.path("restrictionId")
			.asText();
	}

	@Test
	void membersRefuseBadInput() {
		SoftAssertions soft = new SoftAssertions();
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"bob\",", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/members", "[\"bob\"]", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"bob\",\"role\":[\"MEMBER\"]}", 400, "malformed-body",
				"'role'");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":5,\"role\":\"MEMBER\"}", 400, "malformed-body",
				"'subject'");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"bob\",\"role\":\"MEMBER\",\"colour\":\"red\"}", 400,
				"malformed-body", "unknown field 'colour'", "subject");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"bob\",\"role\":\"KING\"}", 400, "invalid-input",
				"KING");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"bob\"}", 400, "invalid-input", "role");
		refused(soft, "POST", "/api/v1/members", "{\"role\":\"MEMBER\"}", 400, "invalid-input", "subject");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"alice\",\"role\":\"MEMBER\"}", 409,
				"member.subject-taken", "alice");
		refused(soft, "POST", "/api/v1/members", "", 400, "malformed-body");
		refused(soft, "GET", "/api/v1/members/nobody", null, 404, "not-found", "nobody");
		refused(soft, "PUT", "/api/v1/members/nobody/role", "{\"role\":\"ADMIN\"}", 404, "not-found", "nobody");
		refused(soft, "PUT", "/api/v1/members/alice/role", "{\"role\":\"EMPEROR\"}", 400, "invalid-input", "EMPEROR");
		refused(soft, "PUT", "/api/v1/members/alice/role", "{}", 400, "invalid-input", "role");
		refused(soft, "POST", "/api/v1/members/nobody/suspend", null, 404, "not-found", "nobody");
		refused(soft, "DELETE", "/api/v1/members/nobody", null, 404, "not-found", "nobody");
		refused(soft, "DELETE", "/api/v1/members/owner", null, 409, "member.last-owner", "owner");
		soft.assertAll();
	}

	@Test
	void connectionsRefuseBadInput() {
		SoftAssertions soft = new SoftAssertions();
		refused(soft, "POST", "/api/v1/connections", "{\"connector\":\"echo\"", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/connections", "{\"connector\":\"echo\",\"label\":[\"x\"]}", 400,
				"malformed-body");
		refused(soft, "POST", "/api/v1/connections", "{\"connector\":\"echo\"}", 400, "connection.invalid-label",
				"required");
		refused(soft, "POST", "/api/v1/connections", "{\"label\":\"echo-two\"}", 400, "invalid-input",
				"'connector' is required");
		refused(soft, "POST", "/api/v1/connections", "{\"connector\":\"echo\",\"label\":\"Not A Label!\"}", 400,
				"connection.invalid-label", "Not A Label!");
		refused(soft, "POST", "/api/v1/connections", "{\"connector\":\"echo\",\"label\":\"echo-main\"}", 409,
				"connection.label-taken", "echo-main");
		refused(soft, "POST", "/api/v1/connections", "{\"connector\":\"nowhere\",\"label\":\"nowhere-1\"}", 404,
				"not-found", "nowhere");
		refused(soft, "POST", "/api/v1/connections",
				"{\"connector\":\"echo\",\"label\":\"echo-two\",\"credential\":{\"type\":\"magic\"}}", 400,
				"connection.invalid-credential", "bearer, header or basic");
		refused(soft, "POST", "/api/v1/connections",
				"{\"connector\":\"echo\",\"label\":\"echo-two\",\"credential\":{\"type\":\"bearer\"}}", 400,
				"connection.invalid-credential", "token");
		refused(soft, "POST", "/api/v1/connections",
				"{\"connector\":\"echo\",\"label\":\"echo-two\",\"owner\":\"nobody\"}", 404, "not-found", "nobody");
		refused(soft, "GET", "/api/v1/connections/nope", null, 404, "not-found", "nope");
		refused(soft, "PUT", "/api/v1/connections/nope/label", "{\"label\":\"other\"}", 404, "not-found", "nope");
		refused(soft, "PUT", "/api/v1/connections/echo-main/label", "{\"label\":\"\"}", 400,
				"connection.invalid-label");
		refused(soft, "PUT", "/api/v1/connections/echo-main/label", "{\"label\":7}", 400, "malformed-body",
				"'label' has the wrong type: expected a string");
		refused(soft, "POST", "/api/v1/connections/nope/refresh", null, 404, "not-found", "nope");
		refused(soft, "POST", "/api/v1/connections/nope/revoke-grant", null, 404, "not-found", "nope");
		refused(soft, "DELETE", "/api/v1/connections/nope", null, 404, "not-found", "nope");
		soft.assertAll();
	}

	@Test
	void toolboxesRefuseBadInput() {
		String entries = "/api/v1/toolboxes/desk/entries";
		SoftAssertions soft = new SoftAssertions();
		refused(soft, "POST", "/api/v1/toolboxes", "{\"name\":", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/toolboxes", "{\"name\":{\"a\":1}}", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/toolboxes", "{}", 400, "toolbox.invalid-name", "name");
		refused(soft, "POST", "/api/v1/toolboxes", "{\"name\":\"Bad Name?\"}", 400, "toolbox.invalid-name",
				"Bad Name?");
		refused(soft, "POST", "/api/v1/toolboxes", "{\"name\":\"desk\"}", 409, "toolbox.name-taken", "desk");
		refused(soft, "POST", "/api/v1/toolboxes", "{\"name\":\"echo-main\"}", 409, "toolbox.name-taken", "echo-main");
		refused(soft, "GET", "/api/v1/toolboxes/nope", null, 404, "not-found", "nope");
		refused(soft, "POST", "/api/v1/toolboxes/nope/entries",
				"{\"operation\":\"echo.get_item\",\"connections\":[\"echo-main\"]}", 404, "not-found", "nope");
		refused(soft, "POST", entries, "{\"operation\":\"echo.no_such\",\"connections\":[\"echo-main\"]}", 400,
				"toolbox.invalid-entry", "no_such");
		refused(soft, "POST", entries, "{\"operation\":\"nowhere.get\",\"connections\":[\"echo-main\"]}", 400,
				"toolbox.invalid-entry", "nowhere");
		refused(soft, "POST", entries, "{\"operation\":\"echo.delete_item\",\"connections\":[\"nope\"]}", 400,
				"toolbox.invalid-entry", "nope");
		refused(soft, "POST", entries, "{\"connections\":[\"echo-main\"]}", 400, "toolbox.invalid-entry", "operation");
		refused(soft, "POST", entries, "{\"operation\":\"echo.delete_item\",\"connections\":\"echo-main\"}", 400,
				"malformed-body");
		refused(soft, "POST", entries, "{\"operation\":\"echo.get_item\",\"connections\":[\"echo-main\"]}", 409,
				"toolbox.name-taken", "desk__get_item");
		refused(soft, "PUT", entries + "/e-nope", "{\"operation\":\"echo.get_item\",\"connections\":[\"echo-main\"]}",
				404, "toolbox.entry-not-found", "e-nope");
		refused(soft, "DELETE", entries + "/e-nope", null, 404, "toolbox.entry-not-found", "e-nope");
		refused(soft, "PUT", entries + "/" + this.entry, "{\"operation\":true}", 400, "malformed-body", "'operation'");
		// a change keeps what it leaves out, but an entry never loses its last connection
		refused(soft, "PUT", entries + "/" + this.entry, "{\"connections\":[],\"defaults\":{\"id\":\"7\"}}", 400,
				"toolbox.invalid-entry", "at least one connection");
		refused(soft, "POST", "/api/v1/toolboxes/desk/grants", "{\"target\":\"wizards\"}", 400, "invalid-input",
				"wizards");
		refused(soft, "POST", "/api/v1/toolboxes/desk/grants", "{\"target\":\"role:WIZARD\"}", 400, "invalid-input",
				"WIZARD");
		refused(soft, "POST", "/api/v1/toolboxes/desk/grants", "{}", 400, "invalid-input", "target");
		refused(soft, "POST", "/api/v1/toolboxes/nope/grants", "{\"target\":\"role:MEMBER\"}", 404, "not-found",
				"nope");
		refused(soft, "DELETE", "/api/v1/toolboxes/nope", null, 404, "not-found", "nope");
		soft.assertAll();
	}

	@Test
	void restrictionsAndComplianceRefuseBadInput() {
		String one = "/api/v1/restrictions/" + this.restriction;
		SoftAssertions soft = new SoftAssertions();
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"user:alice\",\"block\":[", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/restrictions", "{\"block\":[\"tool:echo.get_item\"]}", 400, "invalid-input",
				"target");
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"everyone\",\"block\":[\"tool:echo.get_item\"]}",
				400, "invalid-input", "everyone");
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"role:WIZARD\",\"block\":[\"tool:echo.get_item\"]}",
				400, "invalid-input", "WIZARD");
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"user:alice\",\"block\":\"tool:echo.get_item\"}",
				400, "restriction.invalid-item", "block");
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"user:alice\",\"block\":[42]}", 400,
				"restriction.invalid-item", "block");
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"user:alice\",\"block\":[\"tool:echo.no_such\"]}",
				400, "restriction.unresolved-item", "no_such");
		refused(soft, "POST", "/api/v1/restrictions", "{\"target\":\"user:alice\",\"block\":[\"spell:abracadabra\"]}",
				400, "restriction.unresolved-item", "spell:abracadabra");
		refused(soft, "GET", "/api/v1/restrictions/r-nope", null, 404, "not-found", "r-nope");
		refused(soft, "PATCH", "/api/v1/restrictions/r-nope", "{\"block\":[]}", 404, "not-found", "r-nope");
		refused(soft, "DELETE", "/api/v1/restrictions/r-nope", null, 404, "not-found", "r-nope");
		refused(soft, "PATCH", one, "{\"allow\":{\"x\":1}}", 400, "restriction.invalid-item", "allow");
		refused(soft, "PATCH", one, "not json", 400, "malformed-body");
		refused(soft, "GET", "/api/v1/restrictions/history?from=yesterday", null, 400, "invalid-input", "yesterday");
		refused(soft, "GET", "/api/v1/restrictions/history?limit=many", null, 400, "invalid-input", "limit");
		refused(soft, "GET", "/api/v1/compliance/explain?member=alice", null, 400, "invalid-input", "tool");
		refused(soft, "GET", "/api/v1/compliance/explain?member=nobody&tool=echo-main__get_item", null, 404,
				"not-found", "nobody");
		refused(soft, "GET", "/api/v1/compliance/reachable?member=alice&at=soon", null, 400, "invalid-input", "soon");
		refused(soft, "GET", "/api/v1/compliance/diff?member=alice", null, 400, "invalid-input", "from");
		refused(soft, "GET", "/api/v1/compliance/effective?target=martians", null, 400, "invalid-input", "martians");
		soft.assertAll();
	}

	@Test
	void catalogSettingsAndAuditRefuseBadInput() {
		SoftAssertions soft = new SoftAssertions();
		refused(soft, "POST", "/api/v1/catalog", "{\"id\":\"x\",", 400, "malformed-body");
		refused(soft, "POST", "/api/v1/catalog", "{\"id\":\"x\",\"allowPrivateNetwork\":\"maybe\"}", 400,
				"malformed-body");
		refused(soft, "POST", "/api/v1/catalog", "{\"label\":\"X\",\"kind\":\"http\",\"openapi\":\"{}\"}", 400,
				"catalog.invalid-definition", "id");
		refused(soft, "POST", "/api/v1/catalog", "{\"id\":\"teleport\",\"label\":\"T\",\"kind\":\"carrier-pigeon\"}",
				400, "catalog.invalid-definition", "carrier-pigeon");
		refused(soft, "POST", "/api/v1/catalog",
				"{\"id\":\"broken\",\"label\":\"B\",\"kind\":\"http\",\"openapi\":\"this is not an API\"}", 400,
				"catalog.invalid-definition");
		refused(soft, "POST", "/api/v1/catalog",
				JSON.createObjectNode()
					.put("id", "echo")
					.put("label", "Echo again")
					.put("kind", "http")
					.put("openapi", upstream.openApi())
					.toString(),
				409, "catalog.connector-exists", "echo");
		refused(soft, "GET", "/api/v1/catalog/nowhere", null, 404, "catalog.connector-not-found", "nowhere");
		refused(soft, "DELETE", "/api/v1/catalog/nowhere", null, 404, "catalog.connector-not-found", "nowhere");
		refused(soft, "DELETE", "/api/v1/catalog/notion", null, 409, "catalog.curated-connector", "notion");
		refused(soft, "DELETE", "/api/v1/catalog/echo", null, 409, "catalog.connector-in-use", "echo");
		refused(soft, "PATCH", "/api/v1/org/settings", "{\"collapseThreshold\":", 400, "malformed-body");
		refused(soft, "PATCH", "/api/v1/org/settings", "{\"collapseThreshold\":\"many\"}", 400, "malformed-body");
		refused(soft, "PATCH", "/api/v1/org/settings", "{\"collapseThreshold\":-3}", 400,
				"organization.invalid-settings", "collapseThreshold");
		refused(soft, "PATCH", "/api/v1/org/settings", "{\"theme\":\"dark\"}", 400, "malformed-body", "theme");
		refused(soft, "GET", "/api/v1/audit?limit=lots", null, 400, "invalid-input", "limit");
		refused(soft, "GET", "/api/v1/audit/changes?from=yesterday", null, 400, "invalid-input", "yesterday");
		refused(soft, "POST", "/api/v1/members", "{\"subject\":\"bob\",\"role\":\"MEMBER\"}", "text/plain", 415,
				"unsupported-media-type");
		soft.assertAll();
	}

	@Test
	void aBodyOverTheConfiguredLimitIs413AndWritesNothing() throws Exception {
		int limit = this.properties.api().maxBodyBytes();
		char[] filler = new char[limit];
		Arrays.fill(filler, 'a');
		String body = "{\"name\":\"big\",\"description\":\"" + new String(filler) + "\"}";
		long before = this.events.count();

		HttpClient http = HttpClient.newHttpClient();
		for (boolean streamed : new boolean[] { false, true }) {
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			HttpRequest.BodyPublisher publisher = streamed
					? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes))
					: HttpRequest.BodyPublishers.ofByteArray(bytes);
			HttpResponse<String> response = http
				.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/toolboxes"))
					.header("Authorization", "Bearer " + this.organizations.token(this.org, "owner"))
					.header("Content-Type", "application/json")
					.POST(publisher)
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as("streamed %s: %s", streamed, response.body()).isEqualTo(413);
			JsonNode problem = JSON.readTree(response.body());
			assertThat(problem.path("code").asText()).isEqualTo("body-too-large");
			assertThat(problem.path("detail").asText()).contains("limit");
		}
		assertThat(this.events.count()).isEqualTo(before);
		assertThat(this.owner.get("/api/v1/toolboxes/big").status()).isEqualTo(404);
	}

	@Test
	void unknownApiPathsAnswerTheApiProblem() {
		SoftAssertions soft = new SoftAssertions();
		refused(soft, "GET", "/api/v1/nope", null, 404, "not-found", "/api/v1/nope");
		refused(soft, "GET", "/api/v2/members", null, 404, "not-found", "/api/v2/members");
		refused(soft, "DELETE", "/api/v1/members/alice/nope", null, 404, "not-found", "/api/v1/members/alice/nope");
		refused(soft, "POST", "/api/v1/nope", "{}", 404, "not-found", "/api/v1/nope");
		soft.assertAll();
	}

	private void refused(SoftAssertions soft, String method, String path, String body, int status, String code,
			String... mentions) {
		refused(soft, method, path, body, "application/json", status, code, mentions);
	}

	private void refused(SoftAssertions soft, String method, String path, String body, String contentType, int status,
			String code, String... mentions) {
		long before = this.events.count();
		Rest.Response response = (body != null) ? this.owner.raw(method, path, body, contentType)
				: this.owner.send(method, path, null);
		String what = method + " " + path + " " + body + " → " + response.status() + " " + response.body();
		soft.assertThat(response.status()).as(what).isEqualTo(status);
		soft.assertThat(response.header("Content-Type")).as(what).startsWith("application/problem+json");
		if (response.json() != null) {
			soft.assertThat(response.json().path("code").asText()).as(what).isEqualTo(code);
			soft.assertThat(response.json().path("status").asInt()).as(what).isEqualTo(status);
			String detail = response.json().path("detail").asText();
			soft.assertThat(detail).as(what).isNotBlank();
			for (String mention : mentions) {
				soft.assertThat(detail).as(what).contains(mention);
			}
		}
		soft.assertThat(this.events.count()).as("events written by " + what).isEqualTo(before);
	}

}
