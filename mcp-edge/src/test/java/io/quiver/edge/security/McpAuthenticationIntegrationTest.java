package io.quiver.edge.security;

import java.net.URI;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who reaches {@code POST /mcp} at all (SPEC R2.1, R12.3): a request without a valid
 * bearer token gets 401 with a challenge naming the Protected Resource Metadata, which is
 * served per RFC 9728; a token for another audience, from another issuer, expired or
 * without an expiry, signed by another key, or naming an organisation where its subject
 * is no member, is refused. Tokens are signed here with the local issuer's key, so that
 * only the one property under test is wrong.
 */
class McpAuthenticationIntegrationTest extends QuiverIntegrationTest {

	/** The test deployment's public URL (see TestDatabase). */
	private static final String PUBLIC_URL = "http://localhost";

	private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";

	@Autowired
	private DevIssuer issuer;

	private String org;

	@BeforeEach
	void organisation() {
		this.org = this.organizations.create("auth");
	}

	@Test
	void anUnauthenticatedRequestIsChallengedWithTheResourceMetadata() {
		Rest.Response response = anonymous().raw("POST", "/mcp", TOOLS_LIST);

		assertThat(response.status()).isEqualTo(401);
		String challenge = response.header("WWW-Authenticate");
		assertThat(challenge)
			.startsWith("Bearer resource_metadata=\"" + PUBLIC_URL + "/.well-known/oauth-protected-resource/mcp\"");
		assertThat(challenge).doesNotContain("invalid_token");

		String metadataPath = URI.create(challenge.split("\"")[1]).getPath();
		JsonNode metadata = anonymous().get(metadataPath).json();
		assertThat(metadata.path("resource").asText()).as("the resource the challenge protects")
			.isEqualTo(PUBLIC_URL + "/mcp");
	}

	@Test
	void theProtectedResourceMetadataHasTheRfc9728Fields() {
		for (String path : List.of("/.well-known/oauth-protected-resource",
				"/.well-known/oauth-protected-resource/mcp")) {
			Rest.Response response = anonymous().get(path);
			assertThat(response.status()).as(path).isEqualTo(200);
			assertThat(response.header("Content-Type")).as(path).startsWith("application/json");
			JsonNode metadata = response.json();
			// RFC 9728 §3.3: resource is the identifier the well-known URL was derived
			// from
			String resource = PUBLIC_URL + path.substring("/.well-known/oauth-protected-resource".length());
			assertThat(metadata.path("resource").asText()).as(path).isEqualTo(resource);
			assertThat(metadata.path("authorization_servers").isArray()).as(path).isTrue();
			assertThat(metadata.path("authorization_servers")).as(path)
				.isNotEmpty()
				.allSatisfy((server) -> assertThat(URI.create(server.asText()).isAbsolute()).isTrue());
			assertThat(metadata.path("authorization_servers").get(0).asText()).isEqualTo(this.issuer.issuer());
			assertThat(texts(metadata.path("scopes_supported"))).as(path)
				.containsExactlyInAnyOrder("mcp:read", "mcp:write", "mcp:destructive", "mcp:tools");
			assertThat(texts(metadata.path("bearer_methods_supported"))).as(path)
				.isNotEmpty()
				.isSubsetOf("header", "body", "query")
				.contains("header");
		}
	}

	@Test
	void aWellFormedTokenOfAMemberIsAccepted() {
		Rest.Response response = withToken(sign(claims().build(), this.issuer.key())).raw("POST", "/mcp", TOOLS_LIST);

		assertThat(response.status()).as(response.body()).isEqualTo(200);
		assertThat(response.json().path("result").path("tools")).isNotEmpty();
	}

	@Test
	void theGrantedScopesAreReadFromScopeOrScp() {
		String readOnly = sign(claims().claim("scope", null).claim("scp", List.of("mcp:read")).build(),
				this.issuer.key());
		Rest.Response response = withToken(readOnly).raw("POST", "/mcp", TOOLS_LIST);

		assertThat(response.status()).as(response.body()).isEqualTo(200);
		List<String> names = new java.util.ArrayList<>();
		response.json().path("result").path("tools").forEach((tool) -> names.add(tool.path("name").asText()));
		assertThat(names).contains("quiver__members__list").doesNotContain("quiver__members__invite");
	}

	@Test
	void aTokenForAnotherAudienceIsRefused() {
		assertInvalidToken(sign(claims().audience(List.of("https://other.example/mcp")).build(), this.issuer.key()));
		assertInvalidToken(sign(claims().audience(List.<String>of()).build(), this.issuer.key()));
	}

	@Test
	void aTokenFromAnotherIssuerIsRefused() {
		assertInvalidToken(sign(claims().issuer("https://issuer.example").build(), this.issuer.key()));
	}

	@Test
	void anExpiredTokenIsRefused() {
		Instant past = Instant.now().minusSeconds(3600);
		assertInvalidToken(sign(claims().issueTime(Date.from(past))
			.notBeforeTime(Date.from(past))
			.expirationTime(Date.from(past.plusSeconds(300)))
			.build(), this.issuer.key()));
	}

	@Test
	void aTokenWithoutAnExpiryIsRefused() {
		Rest.Response response = withToken(sign(claims().expirationTime(null).build(), this.issuer.key())).raw("POST",
				"/mcp", TOOLS_LIST);
		assertThat(response.status()).as(response.body()).isEqualTo(401);
		assertThat(response.header("WWW-Authenticate")).contains("error=\"invalid_token\"").contains("exp");
		Rest.Response rest = withToken(sign(claims().expirationTime(null).build(), this.issuer.key()))
			.get("/api/v1/members");
		assertThat(rest.status()).as("the REST API too").isEqualTo(401);
	}

	@Test
	void aTokenSignedByAnotherKeyIsRefused() throws JOSEException {
		RSAKey stranger = new RSAKeyGenerator(2048).keyID(this.issuer.key().getKeyID()).generate();
		assertInvalidToken(sign(claims().build(), stranger));
	}

	@Test
	void aTokenOfAnotherOrganisationWhereTheSubjectIsNoMemberIsRefused() {
		String other = this.organizations.create("auth-other");
		String token = sign(claims().subject("owner").claim("org", other).build(), this.issuer.key());
		assertThat(withToken(token).raw("POST", "/mcp", TOOLS_LIST).status()).as("owner of the other").isEqualTo(200);

		String stranger = sign(claims().subject("mallory").claim("org", other).build(), this.issuer.key());
		Rest.Response list = withToken(stranger).raw("POST", "/mcp", TOOLS_LIST);
		assertThat(list.status()).isEqualTo(403);
		assertThat(list.json().path("result").isMissingNode()).as(list.body()).isTrue();
		Rest.Response call = withToken(stranger).raw("POST", "/mcp",
				"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"quiver__org__get\"}}");
		assertThat(call.status()).isEqualTo(403);
		assertThat(call.json().path("result").isMissingNode()).as(call.body()).isTrue();

		String unknownOrg = sign(claims().claim("org", "no-such-org-" + UUID.randomUUID()).build(), this.issuer.key());
		assertThat(withToken(unknownOrg).raw("POST", "/mcp", TOOLS_LIST).status()).isEqualTo(403);
	}

	private void assertInvalidToken(String token) {
		Rest.Response response = withToken(token).raw("POST", "/mcp", TOOLS_LIST);
		assertThat(response.status()).as(response.body()).isEqualTo(401);
		assertThat(response.header("WWW-Authenticate")).startsWith("Bearer resource_metadata=\"")
			.contains("error=\"invalid_token\"");
		assertThat(response.body()).doesNotContain("\"result\"");
	}

	/** The claims of a valid token of this organisation's OWNER. */
	private JWTClaimsSet.Builder claims() {
		Instant now = Instant.now();
		return new JWTClaimsSet.Builder().issuer(this.issuer.issuer())
			.subject("owner")
			.audience(List.of(PUBLIC_URL + "/mcp"))
			.issueTime(Date.from(now))
			.notBeforeTime(Date.from(now))
			.expirationTime(Date.from(now.plusSeconds(300)))
			.jwtID(UUID.randomUUID().toString())
			.claim("org", this.org)
			.claim("scope", "mcp:read mcp:write mcp:destructive mcp:tools");
	}

	private static String sign(JWTClaimsSet claims, RSAKey key) {
		try {
			SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
					claims);
			jwt.sign(new RSASSASigner(key));
			return jwt.serialize();
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private Rest anonymous() {
		return new Rest(baseUrl(), null);
	}

	private Rest withToken(String token) {
		return new Rest(baseUrl(), token);
	}

	private static List<String> texts(JsonNode array) {
		return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
	}

}
