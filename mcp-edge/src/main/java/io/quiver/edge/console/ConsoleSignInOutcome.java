package io.quiver.edge.console;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;

/**
 * What follows an OIDC sign-in (SPEC R14.4): the subject must be an active member of the
 * organisation (else a page says so, 403, and nobody is signed in); the session then
 * holds the same principal as a development sign-in (organisation, subject, method), so
 * the console and the authorization server see one kind of member; and the member goes
 * back to the page that asked for the sign-in (an MCP client's authorization request, a
 * console page). A failed sign-in (the provider refused, an e-mail domain not allowed)
 * shows its reason on the sign-in page.
 */
final class ConsoleSignInOutcome {

	static final String ERROR = ConsoleSignInOutcome.class.getName() + ".error";

	private ConsoleSignInOutcome() {
	}

	static AuthenticationSuccessHandler success(ConsoleCallers callers) {
		return (request, response, authentication) -> {
			ConsolePrincipal principal = callers.principal(authentication);
			try {
				callers.resolve(principal);
			}
			catch (ConsoleAccessException ex) {
				SecurityContextHolder.clearContext();
				request.getSession().invalidate();
				ConsoleSecurityConfiguration.refuse(response, ex.getMessage());
				return;
			}
			SecurityContext context = SecurityContextHolder.createEmptyContext();
			context.setAuthentication(member(principal));
			SecurityContextHolder.setContext(context);
			ConsoleSecurityConfiguration.CONTEXTS.saveContext(context, request, response);
			response.sendRedirect(ConsoleSignInController.afterSignIn(request, response));
		};
	}

	static AuthenticationFailureHandler failure() {
		return (HttpServletRequest request, HttpServletResponse response,
				org.springframework.security.core.AuthenticationException failure) -> {
			String message = (failure instanceof OAuth2AuthenticationException oauth
					&& oauth.getError().getDescription() != null) ? oauth.getError().getDescription()
							: "Signing in with your identity provider failed. Try again.";
			request.getSession().setAttribute(ERROR, message);
			response.sendRedirect(ConsoleSecurityConfiguration.SIGN_IN + "?failed");
		};
	}

	static Authentication member(ConsolePrincipal principal) {
		return UsernamePasswordAuthenticationToken.authenticated(principal, null,
				AuthorityUtils.createAuthorityList("ROLE_CONSOLE"));
	}

}
