package io.quiver.edge.signin;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletResponse;
import io.quiver.command.client.api.RedirectUris;
import io.quiver.edge.console.ConsoleCallers;
import io.quiver.query.access.Caller;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.HttpStatus;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The consent page (SPEC R14.3), in the console's look: names the client (and whether its
 * identity was checked, for a metadata document, or is only its own claim), the host the
 * code will be sent to, the member and organisation it will act for, and each scope in
 * words, ticked; a scope beyond what the organisation allows the member's role is shown
 * but cannot be ticked. Allow posts the ticked scopes to the authorization endpoint, Deny
 * posts none. A member who is no longer active is refused with a page saying so.
 * <p>
 * The page's {@code Content-Security-Policy} allows the form to be answered by a redirect
 * to the client's redirect URI (browsers apply {@code form-action} to redirects too).
 */
@Controller
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
@Conditional(EmbeddedAuthorizationServer.class)
class ConsentPage {

	static final String PATH = "/oauth2/consent";

	private static final Map<String, String> WORDS = Map.of("mcp:read",
			"read: list and call the tools that only read (search, get, list)", "mcp:write",
			"write: also call tools that create or change things", "mcp:destructive",
			"destructive: also call tools that delete or cannot be undone", "mcp:tools",
			"connected apps: reach the tools of the apps your organisation connected, not only Quiver's own");

	private static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
			+ "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self' ";

	private final RegisteredClientRepository clients;

	private final OAuth2AuthorizationService authorizations;

	private final ConsoleCallers callers;

	private final ScopeCaps caps;

	ConsentPage(RegisteredClientRepository clients, OAuth2AuthorizationService authorizations, ConsoleCallers callers,
			ScopeCaps caps) {
		this.clients = clients;
		this.authorizations = authorizations;
		this.callers = callers;
		this.caps = caps;
	}

	@GetMapping(PATH)
	String consent(@RequestParam(name = "client_id") String clientId, @RequestParam(defaultValue = "") String scope,
			@RequestParam String state, Model model, HttpServletResponse response) {
		Caller caller;
		try {
			caller = this.callers.current();
		}
		catch (RuntimeException ex) {
			return refused(model, response, ex.getMessage());
		}
		RegisteredClient client = this.clients.findByClientId(clientId);
		OAuth2Authorization authorization = this.authorizations.findByToken(state, HashedAuthorizationService.STATE);
		OAuth2AuthorizationRequest request = (authorization != null)
				? authorization.getAttribute(OAuth2AuthorizationRequest.class.getName()) : null;
		if (client == null || request == null || !client.getId().equals(authorization.getRegisteredClientId())) {
			return refused(model, response, "This sign-in request is unknown or expired. Start again from the client.");
		}
		URI redirect = URI.create(request.getRedirectUri());
		Set<String> allowed = this.caps.allowed(caller);
		List<ScopeLine> scopes = new ArrayList<>();
		Set<String> asked = new LinkedHashSet<>(request.getScopes());
		for (String name : asked) {
			scopes.add(new ScopeLine(name, name.replace(':', '-'), WORDS.getOrDefault(name, name),
					allowed.contains(name)));
		}
		model.addAttribute("clientName", client.getClientName());
		model.addAttribute("clientId", clientId);
		model.addAttribute("documentClient", ClientMetadataDocuments.isDocumentUrl(clientId));
		model.addAttribute("redirectHost", redirect.getHost());
		model.addAttribute("loopback", RedirectUris.isLoopbackHost(redirect.getHost()));
		model.addAttribute("subject", caller.subject());
		model.addAttribute("orgId", caller.orgId());
		model.addAttribute("role", caller.role().name());
		model.addAttribute("state", state);
		model.addAttribute("scopes", scopes);
		String origin = redirect.getScheme() + "://" + redirect.getRawAuthority();
		response.setHeader("Content-Security-Policy", POLICY + origin);
		return "signin/consent";
	}

	private static String refused(Model model, HttpServletResponse response, String message) {
		response.setStatus(HttpStatus.FORBIDDEN.value());
		model.addAttribute("message", message);
		return "signin/refused";
	}

	/** A scope as the page shows it. */
	record ScopeLine(String name, String id, String words, boolean allowed) {
	}

}
