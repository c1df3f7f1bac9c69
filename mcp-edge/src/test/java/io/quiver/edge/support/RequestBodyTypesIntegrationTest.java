package io.quiver.edge.support;

import java.util.Map;

import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A REST body whose whole number is a fraction or a string is the caller's mistake,
 * refused with 400 naming the field and changing nothing, as {@code tools/call} refuses
 * it by the tool's input schema: {@code callsPerMinutePerMember: 1.5} was cut to a limit
 * of 1 call a minute, which locked the organisation's members (and the admin who made the
 * typo) out for a minute.
 */
class RequestBodyTypesIntegrationTest extends QuiverIntegrationTest {

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.owner = rest(this.organizations.create("body-types"), "owner");
	}

	@Test
	void aFractionOrAStringWhereAWholeNumberBelongsIs400NamingTheField() {
		for (String value : new String[] { "1.5", "1.0", "\"5\"", "1e2" }) {
			Rest.Response response = this.owner.raw("PATCH", "/api/v1/org/settings",
					"{\"callsPerMinutePerMember\": " + value + "}");

			assertThat(response.status()).as(value + ": " + response.body()).isEqualTo(400);
			assertThat(response.json().path("code").asText()).as(value).isEqualTo("malformed-body");
			assertThat(response.json().path("detail").asText()).as(value)
				.contains("'callsPerMinutePerMember'")
				.contains("a whole number");
		}
		Rest.Response settings = this.owner.get("/api/v1/org");
		assertThat(settings.json().path("callsPerMinutePerMember").asInt()).as("nothing changed").isZero();

		Rest.Response whole = this.owner.patch("/api/v1/org/settings", Map.of("callsPerMinutePerMember", 120));
		assertThat(whole.status()).as(whole.body()).isEqualTo(200);
		assertThat(whole.json().path("callsPerMinutePerMember").asInt()).isEqualTo(120);
	}

}
