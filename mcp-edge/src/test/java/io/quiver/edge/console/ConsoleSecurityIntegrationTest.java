package io.quiver.edge.console;

import java.net.http.HttpResponse;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's security over plain HTTP (no browser needed): sign-in, sessions, CSRF,
 * per-request membership, and that the API chain is untouched by it. Also the OpenAPI
 * description of the REST API.
 */
class ConsoleSecurityIntegrationTest extends QuiverIntegrationTest {

	@Test
	void anAnonymousVisitorIsSentToSignIn() {
		HttpResponse<String> page = console().get("/console/members");

		assertThat(page.statusCode()).isEqualTo(302);
		assertThat(page.headers().firstValue("Location"))
			.hasValueSatisfying((location) -> assertThat(location).endsWith("/console/sign-in"));
	}

	@Test
	void aSubjectThatIsNotAMemberCannotSignIn() {
		String org = this.organizations.create("console-stranger");

		HttpResponse<String> signIn = console().signIn(org, "stranger");

		assertThat(signIn.statusCode()).isEqualTo(403);
		assertThat(signIn.body()).contains("&#39;stranger&#39; is not a member of organisation");
	}

	@Test
	void signingInChangesTheSessionAndFormsNeedTheirCsrfToken() {
		String org = this.organizations.create("console-csrf");
		ConsoleHttp owner = console();
		owner.get("/console/sign-in");
		String before = owner.csrf();

		HttpResponse<String> signIn = owner.signIn(org, "owner");
		assertThat(signIn.statusCode()).isEqualTo(302);
		assertThat(owner.get("/console/members").statusCode()).isEqualTo(200);
		String token = owner.csrf();
		assertThat(token).as("a new CSRF token after sign-in").isNotEqualTo(before);

		HttpResponse<String> withoutToken = owner.post("/console/members", Map.of("subject", "eve", "role", "MEMBER"));
		HttpResponse<String> wrongToken = owner.post("/console/members",
				Map.of("subject", "eve", "role", "MEMBER", "_csrf", "forged"));
		HttpResponse<String> withToken = owner.post("/console/members",
				Map.of("subject", "carol", "role", "MEMBER", "_csrf", token));

		assertThat(withoutToken.statusCode()).isEqualTo(403);
		assertThat(withoutToken.body()).contains("CSRF");
		assertThat(wrongToken.statusCode()).isEqualTo(403);
		assertThat(withToken.statusCode()).isEqualTo(302);
		Rest api = rest(org, "owner");
		assertThat(api.get("/api/v1/members/eve").status()).isEqualTo(404);
		assertThat(api.get("/api/v1/members/carol").status()).isEqualTo(200);
	}

	@Test
	void aSuspendedMemberIsRefusedOnTheNextRequest() {
		String org = this.organizations.create("console-suspend");
		ConsoleHttp bob = signedInMember(org, "bob", "ADMIN");
		assertThat(bob.get("/console/members").statusCode()).isEqualTo(200);

		rest(org, "owner").post("/api/v1/members/bob/suspend", null);

		HttpResponse<String> next = bob.get("/console/members");
		assertThat(next.statusCode()).isEqualTo(403);
		assertThat(next.body()).contains("suspended");
	}

	@Test
	void aGuestSeesOnlyAMessage() {
		String org = this.organizations.create("console-guest");
		ConsoleHttp gus = signedInMember(org, "gus", "GUEST");

		for (String path : new String[] { "/console", "/console/members", "/console/audit", "/console/surface" }) {
			HttpResponse<String> page = gus.get(path);
			assertThat(page.statusCode()).as(path).isEqualTo(403);
			assertThat(page.body()).as(path).contains("grants no access to the console").doesNotContain("<table");
		}
	}

	@Test
	void theApiStaysBearerOnlyWhateverTheConsoleSession() {
		String org = this.organizations.create("console-api");
		ConsoleHttp owner = console();
		owner.signIn(org, "owner");

		HttpResponse<String> api = owner.get("/api/v1/members");

		assertThat(api.statusCode()).isEqualTo(401);
		assertThat(api.headers().firstValue("WWW-Authenticate"))
			.hasValueSatisfying((challenge) -> assertThat(challenge).startsWith("Bearer resource_metadata="));
	}

	@Test
	void theRestApiIsDescribedWithItsBearerScheme() throws Exception {
		HttpResponse<String> docs = console().get("/v3/api-docs");

		assertThat(docs.statusCode()).isEqualTo(200);
		JsonNode openapi = new ObjectMapper().readTree(docs.body());
		assertThat(openapi.at("/components/securitySchemes/bearer/scheme").asText()).isEqualTo("bearer");
		assertThat(openapi.at("/components/securitySchemes/bearer/bearerFormat").asText()).isEqualTo("JWT");
		assertThat(openapi.at("/security/0").has("bearer")).isTrue();
		assertThat(openapi.path("paths").has("/api/v1/members")).isTrue();
		assertThat(openapi.path("paths").has("/api/v1/audit/export")).isTrue();
		openapi.path("paths").fieldNames().forEachRemaining((path) -> assertThat(path).startsWith("/api/"));
		assertThat(openapi.at("/paths/~1api~1v1~1members/get/parameters").isMissingNode()
				|| openapi.at("/paths/~1api~1v1~1members/get/parameters").isEmpty())
			.as("the Caller is resolved from the token, not a parameter")
			.isTrue();
		HttpResponse<String> ui = console().get("/swagger-ui.html");
		assertThat(ui.statusCode()).isIn(200, 302);
		assertThat(console().get("/swagger-ui/index.html").statusCode()).isEqualTo(200);
	}

	/** Only {@code /api/**} answers an unknown path with the API's problem body. */
	@Test
	void anUnknownConsolePageIsNotAnsweredAsTheApi() {
		String org = this.organizations.create("console-unknown");
		ConsoleHttp owner = console();
		owner.get("/console/sign-in");
		owner.signIn(org, "owner");

		HttpResponse<String> page = owner.get("/console/nope");
		assertThat(page.statusCode()).isEqualTo(404);
		assertThat(page.body()).as("Spring Boot's answer, not the API's problem body")
			.contains("No static resource console/nope")
			.doesNotContain("\"code\"");
	}

	private ConsoleHttp console() {
		return new ConsoleHttp(baseUrl());
	}

	/** A console session of a new member of {@code org}, added by its owner over REST. */
	private ConsoleHttp signedInMember(String org, String subject, String role) {
		rest(org, "owner").post("/api/v1/members", Map.of("subject", subject, "role", role));
		ConsoleHttp member = console();
		member.signIn(org, subject);
		return member;
	}

}
