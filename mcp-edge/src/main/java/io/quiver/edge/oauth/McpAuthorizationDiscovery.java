package io.quiver.edge.oauth;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.as.AuthorizationServerMetadata;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.SetOAuthClientCommand;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.shared.api.Actor;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.support.Commands;
import io.quiver.query.toolindex.api.OAuthClientView;
import org.springframework.stereotype.Component;

/**
 * Finds how to authorize at a remote MCP server the way an MCP client does (SPEC R4.5;
 * MCP authorization 2025-11-25): an unauthenticated {@code initialize} answered 401 with
 * {@code WWW-Authenticate: Bearer resource_metadata=…} → its Protected Resource Metadata
 * (RFC 9728; the well-known URLs when the header names none) → its authorization server's
 * metadata (RFC 8414, then OpenID Connect discovery) → a client: the organisation's own
 * (set with {@code quiver__catalog__set_oauth_client}), else Quiver's Client ID Metadata
 * Document when the server supports them and Quiver's public URL is https, else dynamic
 * registration (RFC 7591), whose client then becomes the organisation's for the connector
 * (an {@code OAuthClientSetEvent}), so later connections reuse it. Every fetch goes
 * through the outbound guard; PKCE S256 is required.
 */
@Component
public class McpAuthorizationDiscovery {

	/** Quiver's Client ID Metadata Document, on its public URL. */
	public static final String CLIENT_METADATA_PATH = "/oauth/connect/client-metadata.json";

	private static final Pattern RESOURCE_METADATA = Pattern.compile("resource_metadata=\"([^\"]+)\"");

	private static final Pattern SCOPE = Pattern.compile("scope=\"([^\"]*)\"");

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
			+ "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"quiver\","
			+ "\"version\":\"1\"}}}";

	private final ProviderHttp http;

	private final OAuthConnect connect;

	private final QuiverProperties properties;

	private final CredentialVault vault;

	private final Commands commands;

	public McpAuthorizationDiscovery(ProviderHttp http, OAuthConnect connect, QuiverProperties properties,
			CredentialVault vault, Commands commands) {
		this.http = http;
		this.connect = connect;
		this.properties = properties;
		this.vault = vault;
		this.commands = commands;
	}

	/**
	 * The provider of an MCP connector's server, or null when the server does not ask for
	 * authorization (it answered the unauthenticated {@code initialize}).
	 * @param client the organisation's OAuth client for the connector, or null
	 * @throws OAuthFailure when the server asks for authorization and it cannot be found
	 * out how
	 */
	public OAuthProvider discover(String orgId, ConnectorDefinition connector, OAuthClientView client) {
		boolean allowPrivate = connector.allowPrivateNetwork();
		URI server = URI.create(connector.baseUrl());
		String name = connector.label();
		HTTPResponse probe = this.http.post(server, INITIALIZE, "application/json",
				"application/json, text/event-stream", allowPrivate, name);
		if (probe.getStatusCode() != 401) {
			return null;
		}
		String challenge = String.join(", ", headers(probe, "WWW-Authenticate"));
		JsonNode resource;
		try {
			resource = protectedResource(server, challenge, allowPrivate, name);
		}
		catch (OAuthFailure ex) {
			if (ex.kind() != OAuthFailure.Kind.PROVIDER_ERROR && !challenge.contains("resource_metadata")) {
				// a server that wants a pasted token, not the MCP authorization flow
				throw refused(name + " asks for a credential (HTTP 401) and offers no MCP authorization ("
						+ ex.getMessage() + "); connect it with its token as the credential");
			}
			throw ex;
		}
		String resourceId = resource.path("resource").asText("");
		if (!sameResource(resourceId, server)) {
			throw refused(name + "'s Protected Resource Metadata names resource '" + resourceId
					+ "', not the server's URL " + server);
		}
		JsonNode servers = resource.path("authorization_servers");
		if (!servers.isArray() || servers.isEmpty()) {
			throw refused(name + "'s Protected Resource Metadata names no authorization server");
		}
		URI issuer = url(servers.get(0).asText(), "Protected Resource Metadata authorization server", name);
		AuthorizationServerMetadata metadata = authorizationServer(issuer, allowPrivate, name);
		List<CodeChallengeMethod> pkce = metadata.getCodeChallengeMethods();
		if (pkce == null || !pkce.contains(CodeChallengeMethod.S256)) {
			throw refused("the authorization server of " + name
					+ " does not support PKCE with S256, which the MCP authorization flow requires");
		}
		List<String> scopes = scopes(challenge, resource, metadata);
		URI resourceUri = URI.create(resourceId);
		if (client != null) {
			return provider(name, metadata, scopes, resourceUri, client.clientId(), client.clientSecretRef(),
					allowPrivate);
		}
		Object cimd = metadata.getCustomParameter("client_id_metadata_document_supported");
		URI document = clientMetadataUrl();
		if (Boolean.TRUE.equals(cimd) && "https".equals(document.getScheme())) {
			return provider(name, metadata, scopes, resourceUri, document.toString(), null, allowPrivate);
		}
		if (metadata.getRegistrationEndpointURI() != null) {
			return register(orgId, connector, name, metadata, scopes, resourceUri, allowPrivate);
		}
		throw refused("the authorization server of " + name + " offers neither Client ID Metadata Documents (for "
				+ "an https public URL) nor dynamic registration: register Quiver there (redirect URI "
				+ this.connect.redirectUri() + ") and set the client with quiver__catalog__set_oauth_client");
	}

	/** Quiver's Client ID Metadata Document URL. */
	public URI clientMetadataUrl() {
		return URI.create(this.properties.base() + CLIENT_METADATA_PATH);
	}

	/** Quiver's Client ID Metadata Document. */
	public Map<String, Object> clientMetadata() {
		Map<String, Object> document = new LinkedHashMap<>();
		document.put("client_id", clientMetadataUrl().toString());
		document.put("client_name", "Quiver");
		document.put("client_uri", this.properties.publicUrl().toString());
		document.put("redirect_uris", List.of(this.connect.redirectUri().toString()));
		document.put("grant_types", List.of("authorization_code", "refresh_token"));
		document.put("response_types", List.of("code"));
		document.put("token_endpoint_auth_method", "none");
		return document;
	}

	private JsonNode protectedResource(URI server, String challenge, boolean allowPrivate, String name) {
		List<URI> candidates = new ArrayList<>();
		Matcher named = RESOURCE_METADATA.matcher(challenge);
		if (named.find()) {
			candidates.add(url(named.group(1), "WWW-Authenticate resource_metadata", name));
		}
		else {
			String path = (server.getRawPath() != null) ? server.getRawPath() : "";
			String origin = server.getScheme() + "://" + server.getRawAuthority();
			if (!path.isEmpty() && !path.equals("/")) {
				candidates.add(URI.create(origin + "/.well-known/oauth-protected-resource" + path));
			}
			candidates.add(URI.create(origin + "/.well-known/oauth-protected-resource"));
		}
		return firstDocument(candidates, allowPrivate, "the Protected Resource Metadata of " + name);
	}

	private AuthorizationServerMetadata authorizationServer(URI issuer, boolean allowPrivate, String name) {
		String origin = issuer.getScheme() + "://" + issuer.getRawAuthority();
		String path = (issuer.getRawPath() != null && !issuer.getRawPath().equals("/")) ? issuer.getRawPath() : "";
		List<URI> candidates = List.of(URI.create(origin + "/.well-known/oauth-authorization-server" + path),
				URI.create(origin + "/.well-known/openid-configuration" + path),
				URI.create(origin + path + "/.well-known/openid-configuration"));
		JsonNode document = firstDocument(candidates, allowPrivate, "the authorization server metadata of " + name);
		AuthorizationServerMetadata metadata;
		try {
			metadata = AuthorizationServerMetadata.parse(document.toString());
		}
		catch (ParseException ex) {
			throw refused("the authorization server metadata of " + name + " is not valid: " + ex.getMessage());
		}
		if (!stripSlash(metadata.getIssuer().getValue()).equals(stripSlash(issuer.toString()))) {
			throw refused("the authorization server metadata of " + name + " names issuer "
					+ metadata.getIssuer().getValue() + ", not " + issuer);
		}
		requireEndpoint(metadata.getAuthorizationEndpointURI(), true, "authorization endpoint", name);
		requireEndpoint(metadata.getTokenEndpointURI(), true, "token endpoint", name);
		requireEndpoint(metadata.getRevocationEndpointURI(), false, "revocation endpoint", name);
		requireEndpoint(metadata.getRegistrationEndpointURI(), false, "registration endpoint", name);
		return metadata;
	}

	/**
	 * A URL the remote server named, parsed and {@linkplain #urlProblem safe}, else
	 * refused naming the server (its fault, not the caller's).
	 */
	private static URI url(String value, String what, String name) {
		URI url;
		try {
			url = new URI(value);
		}
		catch (java.net.URISyntaxException ex) {
			throw refused(name + "'s " + what + " is not a valid URL");
		}
		String problem = urlProblem(url);
		if (problem != null) {
			throw refused(name + "'s " + what + problem);
		}
		return url;
	}

	/**
	 * An endpoint of the authorization server's metadata: present when required, and
	 * safe.
	 */
	private static void requireEndpoint(URI endpoint, boolean required, String what, String name) {
		String named = "the " + what + " in the authorization server metadata of " + name;
		if (endpoint == null && required) {
			throw refused(named + " is missing");
		}
		String problem = (endpoint != null) ? urlProblem(endpoint) : null;
		if (problem != null) {
			throw refused(named + problem);
		}
	}

	/**
	 * Why a URL from a remote server is refused, or null: it must be absolute, with a
	 * host, without a fragment, and https or http on a loopback host (codes and tokens
	 * must not travel in clear; no {@code javascript:} link is handed to a member).
	 */
	private static String urlProblem(URI url) {
		if (!url.isAbsolute() || url.getHost() == null || url.getRawFragment() != null) {
			return " is not an absolute http(s) URL";
		}
		if (!OAuthConnect.secureOrLoopback(url)) {
			return " must be https (http only on a loopback host)";
		}
		return null;
	}

	private JsonNode firstDocument(List<URI> candidates, boolean allowPrivate, String what) {
		for (URI candidate : candidates) {
			HTTPResponse response = this.http.get(candidate, allowPrivate, what);
			if (response.getStatusCode() == 200) {
				try {
					JsonNode document = JSON.readTree(response.getContent());
					if (document != null && document.isObject()) {
						return document;
					}
				}
				catch (JsonProcessingException ex) {
					// not JSON: try the next location
				}
			}
		}
		throw refused(what + " was not found (tried " + candidates + ")");
	}

	private OAuthProvider register(String orgId, ConnectorDefinition connector, String name,
			AuthorizationServerMetadata metadata, List<String> scopes, URI resource, boolean allowPrivate) {
		Map<String, Object> request = new LinkedHashMap<>(clientMetadata());
		request.remove("client_id");
		if (!scopes.isEmpty()) {
			request.put("scope", String.join(" ", scopes));
		}
		String body;
		try {
			body = JSON.writeValueAsString(request);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
		HTTPResponse response = this.http.post(metadata.getRegistrationEndpointURI(), body, "application/json",
				"application/json", allowPrivate, "the registration endpoint of " + name);
		JsonNode answer;
		try {
			answer = JSON.readTree(response.getContent());
		}
		catch (JsonProcessingException ex) {
			answer = null;
		}
		if (response.getStatusCode() / 100 != 2 || answer == null || !answer.hasNonNull("client_id")) {
			String error = (answer != null) ? answer.path("error").asText("") : "";
			throw refused("the registration endpoint of " + name + " refused Quiver (HTTP " + response.getStatusCode()
					+ (error.isEmpty() ? "" : ", " + error) + ")");
		}
		String secretRef = answer.hasNonNull("client_secret")
				? this.vault.storeSecret(orgId, "oauth-client:" + connector.id(), answer.get("client_secret").asText())
				: null;
		String clientId = answer.get("client_id").asText();
		// registered once per organisation and connector: the next connection reuses it
		try {
			this.commands.sendAs(Actor.SYSTEM, new SetOAuthClientCommand(orgId, connector.id(), clientId, secretRef));
		}
		catch (RuntimeException ex) {
			this.vault.erase(secretRef);
			throw ex;
		}
		return provider(name, metadata, scopes, resource, clientId, secretRef, allowPrivate);
	}

	private static OAuthProvider provider(String name, AuthorizationServerMetadata metadata, List<String> scopes,
			URI resource, String clientId, String secretRef, boolean allowPrivate) {
		List<ClientAuthenticationMethod> methods = metadata.getTokenEndpointAuthMethods();
		boolean post = secretRef != null && methods != null
				&& !methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
				&& methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_POST);
		return new OAuthProvider(name, metadata.getAuthorizationEndpointURI(), metadata.getTokenEndpointURI(),
				metadata.getRevocationEndpointURI(), scopes, true, resource, clientId, secretRef, post, allowPrivate);
	}

	/** The scopes to ask: the challenge's, else the resource's, else the server's. */
	private static List<String> scopes(String challenge, JsonNode resource, AuthorizationServerMetadata metadata) {
		Matcher scope = SCOPE.matcher(challenge);
		if (scope.find() && !scope.group(1).isBlank()) {
			return List.of(scope.group(1).trim().split("\\s+"));
		}
		List<String> scopes = new ArrayList<>();
		resource.path("scopes_supported").forEach((s) -> scopes.add(s.asText()));
		if (scopes.isEmpty() && metadata.getScopes() != null) {
			scopes.addAll(metadata.getScopes().toStringList());
		}
		return scopes;
	}

	private static boolean sameResource(String resource, URI server) {
		return !resource.isEmpty() && stripSlash(resource).equals(stripSlash(server.toString()));
	}

	private static String stripSlash(String url) {
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}

	private static List<String> headers(HTTPResponse response, String name) {
		for (Map.Entry<String, List<String>> header : response.getHeaderMap().entrySet()) {
			if (header.getKey().equalsIgnoreCase(name)) {
				return header.getValue();
			}
		}
		return List.of();
	}

	private static OAuthFailure refused(String message) {
		return new OAuthFailure(OAuthFailure.Kind.REFUSED, "discovery_failed", message);
	}

}
