package io.quiver.edge.upstream;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.connection.vault.Credential;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class ResultRedactorTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final ResultRedactor redactor = new ResultRedactor(ResultRedactor.DEFAULT_PATTERNS);

	@Test
	void givenTheConnectionsOwnSecret_whenInAnyString_thenReplacedEverywhere() throws Exception {
		ResultRedactor.Redaction redaction = this.redactor.forCredential(new Credential.Basic("alice", "pa ss+word"));
		JsonNode input = JSON.readTree("{\"a\": \"x pa ss+word y\", \"b\": [\"pa%20ss%2Bword\", 3, "
				+ "{\"c\": \"Basic YWxpY2U6cGEgc3Mrd29yZA==\"}], \"n\": null, \"alice\": \"alice\"}");

		JsonNode output = redaction.json(input);

		assertThat(output.toString()).doesNotContain("pa ss+word")
			.doesNotContain("pa%20ss%2Bword")
			.doesNotContain("YWxpY2U6cGEgc3Mrd29yZA==");
		assertThat(output.path("a").asText()).isEqualTo("x [REDACTED] y");
		assertThat(output.path("b").get(1).asInt()).isEqualTo(3);
		assertThat(output.path("alice").asText()).isEqualTo("alice");
		assertThat(input.path("a").asText()).isEqualTo("x pa ss+word y");
	}

	@ParameterizedTest
	@ValueSource(strings = { "Authorization: Bearer abcdefghijklmnop1234", "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
			"rk_test_51HqLyjWDarjtT1zdp7dc", "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
			"github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "xoxb-123456789012-1234567890123-AbCdEf",
			"AKIAIOSFODNN7EXAMPLE", "glpat-abcdefghij0123456789",
			"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
			"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----" })
	void givenACommonKeyShape_whenRedacted_thenItIsGone(String secret) {
		String out = this.redactor.forCredential(null).text("before " + secret + " after");

		assertThat(out).startsWith("before ").endsWith(" after").contains("[REDACTED]");
		assertThat(out).doesNotContain(secret.substring(secret.length() - 8));
	}

	@Test
	void givenProseAboutBearerTokens_whenRedacted_thenItSurvives() {
		String prose = "Use a bearer token for the basic plan; see the skeleton example.";

		assertThat(this.redactor.forCredential(null).text(prose)).isEqualTo(prose);
	}

	@Test
	void givenConfiguredPatterns_whenBound_thenTheyReplaceTheDefaults() {
		MockEnvironment environment = new MockEnvironment()
			.withProperty("quiver.redaction.patterns[0]", "acme-[0-9]{4,}")
			.withProperty("quiver.redaction.patterns[1]", "internal-[a-z]{3,}");
		ResultRedactor configured = new ResultRedactor(environment);

		assertThat(configured.forCredential(null).text("acme-12345 internal-abc sk_live_4eC39HqLyjWDarjtT1zdp7dc"))
			.isEqualTo("[REDACTED] [REDACTED] sk_live_4eC39HqLyjWDarjtT1zdp7dc");
		assertThat(
				new ResultRedactor(new MockEnvironment()).forCredential(null).text("sk_live_4eC39HqLyjWDarjtT1zdp7dc"))
			.isEqualTo("[REDACTED]");
	}

	@Test
	void givenSecretsThatContainEachOther_whenRedacted_thenTheLongestGoesWhole() {
		ResultRedactor redactor = new ResultRedactor(List.of());

		assertThat(redactor.forCredential(new Credential.Basic("u", "abcd")).text("abcd dTphYmNk"))
			.isEqualTo("[REDACTED] [REDACTED]");
	}

}
