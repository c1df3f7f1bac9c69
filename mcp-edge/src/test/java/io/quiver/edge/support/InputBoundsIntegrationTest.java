package io.quiver.edge.support;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An oversized or unstorable value is the caller's mistake, answered as such and changing
 * nothing (SPEC R7.9, issue 14 finding 10): 400 naming the field over REST, in band on
 * {@code tools/call}; never a 500 from a column that overflowed (or, on PostgreSQL, from
 * a NUL it cannot store).
 */
class InputBoundsIntegrationTest extends QuiverIntegrationTest {

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.org = this.organizations.create("bounds");
		this.owner = rest(this.org, "owner");
	}

	@Test
	void aTenThousandCharacterEmailIs400NamingTheField() {
		assertRefused(
				this.owner.post("/api/v1/members",
						Map.of("subject", "alice", "role", "MEMBER", "email", "a".repeat(10_000) + "@example.com")),
				"email");
		assertRefused(this.owner.post("/api/v1/members",
				Map.of("subject", "alice", "role", "MEMBER", "email", "alice\u0000@example.com")), "email");
		assertThat(this.owner.get("/api/v1/members/alice").status()).as("nothing was invited").isEqualTo(404);
		assertThat(this.owner
			.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER", "email", "alice@example.com"))
			.status()).isEqualTo(201);
	}

	@Test
	void aTwoHundredKilobyteDescriptionIs400NamingTheField() {
		assertRefused(this.owner.post("/api/v1/toolboxes", Map.of("name", "big", "description", "d".repeat(200_000))),
				"description");
		assertRefused(this.owner.post("/api/v1/toolboxes", Map.of("name", "big", "description", "bell\u0007")),
				"description");
		assertThat(this.owner.get("/api/v1/toolboxes/big").status()).isEqualTo(404);
		assertThat(this.owner.post("/api/v1/toolboxes", Map.of("name", "big", "description", "two\nlines")).status())
			.as("line breaks are text")
			.isEqualTo(201);
	}

	@Test
	void anOversizedTargetIs400() {
		Rest.Response response = this.owner.post("/api/v1/restrictions",
				Map.of("target", "user:" + "u".repeat(400), "block", java.util.List.of("connector:notion")));
		assertThat(response.status()).as(response.body()).isEqualTo(400);
		assertThat(response.json().path("code").asText()).isEqualTo("invalid-input");
	}

	@Test
	void theSameValuesAreRefusedInBandOnToolsCall() {
		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result description = client.call("quiver__toolboxes__create",
					Map.of("name", "big", "description", "d".repeat(200_000)));
			assertThat(description.isError()).isTrue();
			assertThat(description.text()).contains("description");
			Mcp.Result email = client.call("quiver__members__invite",
					Map.of("subject", "bob", "role", "MEMBER", "email", "bob\u0000@example.com"));
			assertThat(email.isError()).isTrue();
			assertThat(email.text()).contains("email");
			Mcp.Result name = client.call("n".repeat(10_000), Map.of());
			assertThat(name.isError()).as("an unknown name of 10,000 characters, in band").isTrue();
		}
		assertThat(this.owner.get("/api/v1/toolboxes/big").status()).isEqualTo(404);
		assertThat(this.owner.get("/api/v1/members/bob").status()).isEqualTo(404);
	}

	private static void assertRefused(Rest.Response response, String field) {
		assertThat(response.status()).as(response.body()).isEqualTo(400);
		JsonNode problem = response.json();
		assertThat(problem.path("code").asText()).isEqualTo("invalid-input");
		assertThat(problem.path("field").asText()).isEqualTo(field);
		assertThat(problem.path("detail").asText()).contains(field);
	}

}
