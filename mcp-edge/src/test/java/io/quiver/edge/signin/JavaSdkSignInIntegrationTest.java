package io.quiver.edge.signin;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.edge.console.ConsoleHttp;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The official Java SDK client ({@code io.modelcontextprotocol.sdk:mcp} 2.1.0) with a
 * token of the embedded authorization server. The SDK has no OAuth flow of its own (no
 * discovery, registration, PKCE or token handling; see {@code docs/sign-in.md}), so the
 * test's own OAuth client signs the member in and the SDK client carries the token:
 * initialize, tools/list, tools/call. The member then revokes the client on the console's
 * "Connected AI clients" page, and the SDK client's next call fails on the 401.
 */
class JavaSdkSignInIntegrationTest extends QuiverIntegrationTest {

	private static final Pattern REVOKE_FORM = Pattern.compile("action=\"(/console/clients/([^/\"]+)/revoke)\"");

	@Test
	void theJavaSdkClientWorksWithAServerTokenUntilTheMemberRevokesTheClientInTheConsole() {
		OAuthDriver oauth = new OAuthDriver(baseUrl());
		String org = this.organizations.create("java-sdk");
		String client = oauth.register();
		JsonNode tokens = oauth.tokens(org, "owner", client, "mcp:read mcp:tools");

		try (Mcp sdk = Mcp.connect(baseUrl(), tokens.path("access_token").asText())) {
			assertThat(sdk.toolNames()).contains("quiver__org__get", "quiver__clients__list")
				.doesNotContain("quiver__members__invite");
			Mcp.Result org1 = sdk.call("quiver__org__get", Map.of());
			assertThat(org1.isError()).isFalse();
			assertThat(org1.structured().path("orgId").asText()).isEqualTo(org);

			ConsoleHttp console = new ConsoleHttp(baseUrl());
			console.signIn(org, "owner");
			HttpResponse<String> page = console.get("/console/clients");
			assertThat(page.statusCode()).isEqualTo(200);
			assertThat(page.body()).contains("driver", client, "mcp:tools");
			Matcher revoke = REVOKE_FORM.matcher(page.body());
			assertThat(revoke.find()).isTrue();
			Map<String, String> form = new LinkedHashMap<>();
			form.put("_csrf", console.csrf());
			assertThat(console.post(revoke.group(1), form).statusCode()).isEqualTo(302);
			assertThat(console.get("/console/clients").body()).doesNotContain(client);

			assertThatThrownBy(() -> sdk.call("quiver__org__get", Map.of())).isInstanceOf(RuntimeException.class);
			assertThat(oauth.mcpStatus(tokens.path("access_token").asText())).isEqualTo(401);
		}
	}

}
