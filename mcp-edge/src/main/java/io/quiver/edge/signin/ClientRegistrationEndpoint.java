package io.quiver.edge.signin;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.client.api.ClientErrorCode;
import io.quiver.command.client.api.ClientKind;
import io.quiver.command.client.api.RedirectUris;
import io.quiver.command.client.api.RegisterClientCommand;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.support.Commands;
import io.quiver.query.access.Scope;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Open dynamic client registration of public clients (RFC 7591, SPEC R14.2) at
 * {@code POST /register}. Spring Authorization Server 1.5 registers clients only with an
 * initial access token (OIDC registration), which MCP clients do not have, so this
 * endpoint is Quiver's own: it accepts {@code token_endpoint_auth_method: none} (the
 * default), {@code authorization_code} and {@code refresh_token}, loopback or https
 * redirect URIs, and answers 201 with the issued {@code client_id}. The registration is
 * an event (deployment-wide, R14.1). Refusals are RFC 7591 §3.2.2 errors:
 * {@code invalid_redirect_uri}, {@code invalid_client_metadata}.
 */
@RestController
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
@Conditional(EmbeddedAuthorizationServer.class)
class ClientRegistrationEndpoint {

	static final String PATH = "/register";

	private static final Set<String> GRANTS = Set.of("authorization_code", "refresh_token");

	private static final Actor REGISTRATION = new Actor(null, "client-registration", "oauth", null);

	private final Commands commands;

	private final ObjectMapper json;

	ClientRegistrationEndpoint(Commands commands, ObjectMapper json) {
		this.commands = commands;
		this.json = json;
	}

	@PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> register(@RequestBody String body) {
		JsonNode metadata;
		try {
			metadata = this.json.readTree(body);
		}
		catch (Exception ex) {
			return refuse("invalid_client_metadata", "the body is not JSON");
		}
		if (metadata == null || !metadata.isObject()) {
			return refuse("invalid_client_metadata", "the body is not a JSON object of client metadata");
		}
		JsonNode uris = metadata.path("redirect_uris");
		if (!uris.isArray()) {
			return refuse("invalid_redirect_uri", "redirect_uris is required: an array of loopback or https URIs");
		}
		List<String> redirectUris = new ArrayList<>();
		uris.forEach((uri) -> redirectUris.add(uri.isTextual() ? uri.textValue() : ""));
		String problem = RedirectUris.problem(redirectUris);
		if (problem != null) {
			return refuse("invalid_redirect_uri", problem);
		}
		String method = metadata.path("token_endpoint_auth_method").asText("none");
		if (!method.equals("none")) {
			return refuse("invalid_client_metadata", "token_endpoint_auth_method must be none: this server registers "
					+ "public clients only, which prove themselves with PKCE");
		}
		List<String> grants = strings(metadata.path("grant_types"), List.of("authorization_code", "refresh_token"));
		if (grants == null || !GRANTS.containsAll(grants) || !grants.contains("authorization_code")) {
			return refuse("invalid_client_metadata", "grant_types may be authorization_code and refresh_token only");
		}
		List<String> responses = strings(metadata.path("response_types"), List.of("code"));
		if (responses == null || !responses.equals(List.of("code"))) {
			return refuse("invalid_client_metadata", "response_types may be code only");
		}
		JsonNode name = metadata.path("client_name");
		JsonNode clientUri = metadata.path("client_uri");
		if ((!name.isMissingNode() && !name.isTextual()) || (!clientUri.isMissingNode() && !clientUri.isTextual())) {
			return refuse("invalid_client_metadata", "client_name and client_uri are strings");
		}
		String clientId = "qc-" + UUID.randomUUID();
		try {
			this.commands.sendAs(REGISTRATION, new RegisterClientCommand(clientId, ClientKind.DYNAMIC, name.asText(""),
					redirectUris, clientUri.asText(null)));
		}
		catch (CommandRejectedException ex) {
			return refuse(ex.errorCode() == ClientErrorCode.INVALID_REDIRECT_URI ? "invalid_redirect_uri"
					: "invalid_client_metadata", ex.getMessage());
		}
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("client_id", clientId);
		answer.put("client_id_issued_at", Instant.now().getEpochSecond());
		answer.put("client_name", name.asText(""));
		answer.put("redirect_uris", redirectUris);
		answer.put("grant_types", grants);
		answer.put("response_types", List.of("code"));
		answer.put("token_endpoint_auth_method", "none");
		answer.put("scope", Scope.allWireNames());
		if (!clientUri.isMissingNode()) {
			answer.put("client_uri", clientUri.asText());
		}
		return ResponseEntity.status(HttpStatus.CREATED).cacheControl(CacheControl.noStore()).body(answer);
	}

	private static List<String> strings(JsonNode node, List<String> absent) {
		if (node.isMissingNode() || node.isNull()) {
			return absent;
		}
		if (!node.isArray()) {
			return null;
		}
		List<String> values = new ArrayList<>();
		for (JsonNode value : node) {
			if (!value.isTextual()) {
				return null;
			}
			values.add(value.textValue());
		}
		return values;
	}

	private static ResponseEntity<Map<String, Object>> refuse(String error, String description) {
		return ResponseEntity.badRequest()
			.cacheControl(CacheControl.noStore())
			.body(Map.of("error", error, "error_description", description));
	}

}
