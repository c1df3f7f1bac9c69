package io.quiver.edge.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.connection.vault.Credential;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An upstream may key a map by a token ({@code {"sessions": {"<token>": …}}}): object
 * keys are redacted like values (SPEC R7.7), and keys that redact alike stay distinct.
 */
class ResultRedactorKeysTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final ResultRedactor redactor = new ResultRedactor(ResultRedactor.DEFAULT_PATTERNS);

	@Test
	void givenTheSecretAsAnObjectKey_whenRedacted_thenTheKeyIsReplacedAndNoValueIsLost() throws Exception {
		ResultRedactor.Redaction redaction = this.redactor.forCredential(new Credential.Bearer("tok3n-canary-value"));
		JsonNode input = JSON.readTree("{\"sessions\": {\"tok3n-canary-value\": {\"ok\": true}, "
				+ "\"Bearer tok3n-canary-value\": 2, \"plain\": 3}, \"list\": [{\"tok3n-canary-value\": 4}]}");

		JsonNode output = redaction.json(input);

		assertThat(output.toString()).doesNotContain("tok3n-canary-value");
		assertThat(output.path("sessions").path("[REDACTED]").path("ok").asBoolean()).isTrue();
		assertThat(output.path("sessions").path("Bearer [REDACTED]").asInt()).isEqualTo(2);
		assertThat(output.path("sessions").path("plain").asInt()).isEqualTo(3);
		assertThat(output.path("list").get(0).path("[REDACTED]").asInt()).isEqualTo(4);
	}

	@Test
	void givenTwoKeysThatRedactAlike_whenRedacted_thenBothAreKept() throws Exception {
		ResultRedactor.Redaction redaction = this.redactor
			.forCredential(new Credential.Basic("robot", "pw-canary-value"));
		JsonNode input = JSON.readTree("{\"pw-canary-value\": 1, \"[REDACTED]\": 2}");

		JsonNode output = redaction.json(input);

		assertThat(output.size()).isEqualTo(2);
		assertThat(output.toString()).doesNotContain("pw-canary-value");
	}

}
