package io.quiver.edge.console;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.security.DevIssuer;
import io.quiver.edge.security.SocketAddress;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Signing in to the console. In production: OIDC, one link per configured client
 * registration. In the embedded default: the <b>development sign-in</b>, a form taking a
 * subject and an organisation with no password, accepted only while the local token
 * issuer is on (never with a production database unless explicitly enabled) and only from
 * a loopback address, like {@code /dev/token} ({@link DevIssuer#answers}). Either way the
 * subject must be an active member of the organisation.
 */
@Controller
class ConsoleSignInController {

	private static final Pattern SUBJECT = Pattern.compile("[\\x21-\\x7E]{1,255}");

	/** The requests saved by the filter chains when they sent someone to sign in. */
	static final RequestCache REQUESTS = new HttpSessionRequestCache();

	private final DevIssuer devIssuer;

	private final QuiverProperties properties;

	private final ConsoleCallers callers;

	private final ObjectProvider<ClientRegistrationRepository> registrations;

	ConsoleSignInController(DevIssuer devIssuer, QuiverProperties properties, ConsoleCallers callers,
			ObjectProvider<ClientRegistrationRepository> registrations) {
		this.devIssuer = devIssuer;
		this.properties = properties;
		this.callers = callers;
		this.registrations = registrations;
	}

	@GetMapping("/")
	String root() {
		return "redirect:/console";
	}

	@GetMapping(ConsoleSecurityConfiguration.SIGN_IN)
	String signInPage(@RequestParam(name = "org", required = false) String org, HttpServletRequest request,
			Model model) {
		String chosen = (org != null && !org.isBlank()) ? org.strip() : this.properties.bootstrap().org();
		return page(request, model, failure(request), chosen, "");
	}

	/**
	 * An organisation's own sign-in URL (SPEC R14.4): straight to its identity provider
	 * when it has one, else the sign-in page with the organisation chosen.
	 */
	@GetMapping(ConsoleSecurityConfiguration.SIGN_IN + "/{org}")
	String organizationSignIn(@PathVariable String org, HttpServletRequest request, Model model) {
		if (organizationProvider(org) != null) {
			return "redirect:/console/oauth2/authorization/" + ConsolePrincipal.ORGANIZATION_REGISTRATION + org;
		}
		return page(request, model, null, org, "");
	}

	@PostMapping(ConsoleSecurityConfiguration.SIGN_IN)
	String signIn(@RequestParam(defaultValue = "") String subject, @RequestParam(defaultValue = "") String organization,
			HttpServletRequest request, HttpServletResponse response, Model model) {
		if (!this.devIssuer.enabled()) {
			response.setStatus(HttpStatus.NOT_FOUND.value());
			return page(request, model, "The development sign-in is off here: sign in with your identity provider.",
					organization, subject);
		}
		if (!this.devIssuer.answers(request)) {
			response.setStatus(HttpStatus.FORBIDDEN.value());
			return page(request, model, "The development sign-in answers loopback addresses only.", organization,
					subject);
		}
		String org = organization.strip();
		String who = subject.strip();
		if (!SUBJECT.matcher(who).matches() || org.isEmpty()) {
			response.setStatus(HttpStatus.BAD_REQUEST.value());
			return page(request, model, "Give a subject (1 to 255 visible characters) and an organisation.", org, who);
		}
		ConsolePrincipal principal = new ConsolePrincipal(org, who, "development");
		try {
			this.callers.resolve(principal);
		}
		catch (ConsoleAccessException ex) {
			response.setStatus(HttpStatus.FORBIDDEN.value());
			return page(request, model, ex.getMessage(), org, who);
		}
		// A new session id and a new CSRF token on sign-in (session fixation, login
		// CSRF).
		request.getSession(true);
		request.changeSessionId();
		new HttpSessionCsrfTokenRepository().saveToken(null, request, response);
		SecurityContext context = SecurityContextHolder.createEmptyContext();
		context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(principal, null,
				AuthorityUtils.createAuthorityList("ROLE_CONSOLE")));
		SecurityContextHolder.setContext(context);
		ConsoleSecurityConfiguration.CONTEXTS.saveContext(context, request, response);
		return "redirect:" + afterSignIn(request, response);
	}

	/**
	 * Where a member goes once signed in: back to the page that asked for the sign-in
	 * (the authorization endpoint of an MCP client's sign-in, a console page), else the
	 * console.
	 */
	static String afterSignIn(HttpServletRequest request, HttpServletResponse response) {
		SavedRequest saved = REQUESTS.getRequest(request, response);
		if (saved == null) {
			return "/console";
		}
		REQUESTS.removeRequest(request, response);
		return saved.getRedirectUrl();
	}

	private String page(HttpServletRequest request, Model model, String error, String org, String subject) {
		model.addAttribute("devSignIn", this.devIssuer.answers(request));
		model.addAttribute("providers", providers(org));
		model.addAttribute("error", error);
		model.addAttribute("organization", org);
		model.addAttribute("subject", subject);
		model.addAttribute("signedOut", request.getParameter("signed-out") != null);
		model.addAttribute("failed", request.getParameter("failed") != null);
		return "console/sign-in";
	}

	private static String failure(HttpServletRequest request) {
		jakarta.servlet.http.HttpSession session = request.getSession(false);
		if (request.getParameter("failed") == null || session == null) {
			return null;
		}
		Object message = session.getAttribute(ConsoleSignInOutcome.ERROR);
		session.removeAttribute(ConsoleSignInOutcome.ERROR);
		return (message != null) ? message.toString() : null;
	}

	private ClientRegistration organizationProvider(String org) {
		ClientRegistrationRepository repository = this.registrations.getIfAvailable();
		if (repository == null || org == null || !org.matches("[a-z0-9-]{1,40}")) {
			return null;
		}
		return repository.findByRegistrationId(ConsolePrincipal.ORGANIZATION_REGISTRATION + org);
	}

	private List<Provider> providers(String org) {
		List<Provider> providers = new ArrayList<>();
		ClientRegistration own = organizationProvider(org);
		if (own != null) {
			providers.add(new Provider("the identity provider of " + org,
					"/console/oauth2/authorization/" + own.getRegistrationId()));
		}
		ClientRegistrationRepository repository = this.registrations.getIfAvailable();
		if (repository instanceof Iterable<?> all) {
			for (Object each : all) {
				if (each instanceof ClientRegistration registration) {
					providers.add(new Provider(registration.getClientName(),
							"/console/oauth2/authorization/" + registration.getRegistrationId()));
				}
			}
		}
		return providers;
	}

	/** An identity provider to sign in with. */
	record Provider(String name, String url) {
	}

}
