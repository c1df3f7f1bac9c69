package io.quiver.edge.security;

import java.net.URI;
import java.sql.SQLNonTransientConnectionException;

import io.quiver.edge.config.QuiverProperties;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a caller is told when its bearer token is refused (SPEC R2.1, R12.3) and when it
 * could not be checked because the database holding the signing keys is out of reach
 * (R7.9): that is 503 with {@code Retry-After}, never a 401 that sends a client through
 * sign-in again, and never the SQL text of the failure.
 */
class TokenChallengeTest {

	private static final QuiverProperties PROPERTIES = new QuiverProperties(null, URI.create("http://localhost:8080"),
			null, null, null, null, null);

	@Test
	void givenAnInvalidToken_whenChallenged_thenItIs401NamingTheResourceMetadata() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();

		SecurityConfiguration.challenge(PROPERTIES, response, new InvalidBearerTokenException("Jwt expired"));

		assertThat(response.getStatus()).isEqualTo(401);
		assertThat(response.getHeader("WWW-Authenticate")).contains("resource_metadata=")
			.contains("error=\"invalid_token\"");
		assertThat(response.getContentAsString()).contains("Jwt expired");
	}

	@Test
	void givenTheSigningKeysCannotBeRead_whenChallenged_thenItIs503WithRetryAfterAndNoSql() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		DataAccessResourceFailureException outage = new DataAccessResourceFailureException(
				"StatementCallback; SQL [SELECT kid FROM oauth_signing_key]; An I/O error occurred",
				new SQLNonTransientConnectionException("An I/O error occurred while sending to the backend.", "08006"));
		BadJwtException decoding = new BadJwtException(
				"An error occurred while attempting to decode the Jwt: " + outage.getMessage(), outage);

		SecurityConfiguration.challenge(PROPERTIES, response,
				new InvalidBearerTokenException(decoding.getMessage(), decoding));

		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getHeader("Retry-After")).isNotBlank();
		assertThat(response.getHeader("WWW-Authenticate")).isNull();
		assertThat(response.getContentAsString()).contains("retry").doesNotContain("SQL").doesNotContain("oauth_");
	}

}
