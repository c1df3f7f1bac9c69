package io.quiver.edge.signin;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.McpWire;
import io.quiver.support.Rest;

/**
 * A member signed in through the authorization server as an MCP client would
 * (registration, sign-in, consent, PKCE, token), calling control-plane tools with its
 * access token.
 */
public final class SignedInClient {

	private final McpWire mcp;

	private SignedInClient(McpWire mcp) {
		this.mcp = mcp;
	}

	public static SignedInClient signIn(String baseUrl, String org, String subject) {
		OAuthDriver oauth = new OAuthDriver(baseUrl);
		String client = oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		String code = oauth.code(org, subject, client, pkce, "mcp:read mcp:write mcp:destructive mcp:tools");
		JsonNode tokens = OAuthDriver.json(oauth.exchange(client, code, pkce.verifier()));
		return new SignedInClient(new McpWire(baseUrl, tokens.path("access_token").asText()));
	}

	/** The structured result of a successful call of a tool without arguments. */
	public JsonNode call(String tool) {
		Rest.Response response = this.mcp
			.post(McpWire.request(1, "tools/call", Map.of("name", tool, "arguments", Map.of())).toString());
		JsonNode result = response.json().path("result");
		if (response.status() != 200 || result.path("isError").asBoolean(true)) {
			throw new IllegalStateException(tool + " failed: " + response.body());
		}
		return result.path("structuredContent");
	}

}
