package io.quiver.edge.signin;

import java.net.URI;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import io.quiver.command.client.api.GrantConsentCommand;
import io.quiver.edge.console.ConsoleCallers;
import io.quiver.edge.support.Commands;
import io.quiver.query.access.Caller;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationContext;

/**
 * What happens when a member submits the consent page (SPEC R14.3): the member must still
 * be an active member ({@code access_denied} otherwise), the scopes granted must be
 * within what the organisation allows the member's role ({@code invalid_scope}
 * otherwise), and the consent becomes an event ({@link GrantConsentCommand}) before the
 * code is issued. Its id is the authorization's, which names the token family.
 */
final class ConsentDecisions implements Consumer<OAuth2AuthorizationConsentAuthenticationContext> {

	private final ConsoleCallers callers;

	private final Commands commands;

	private final ScopeCaps caps;

	ConsentDecisions(ConsoleCallers callers, Commands commands, ScopeCaps caps) {
		this.callers = callers;
		this.commands = commands;
		this.caps = caps;
	}

	@Override
	public void accept(OAuth2AuthorizationConsentAuthenticationContext context) {
		OAuth2AuthorizationRequest request = context.getAuthorizationRequest();
		Set<String> granted = new TreeSet<>();
		context.getAuthorizationConsent().authorities((authorities) -> {
			for (GrantedAuthority authority : authorities) {
				granted.add(authority.getAuthority().replaceFirst("^SCOPE_", ""));
			}
		});
		if (granted.isEmpty()) {
			// denied: SAS answers access_denied
			return;
		}
		Caller caller;
		try {
			caller = this.callers.current();
		}
		catch (RuntimeException ex) {
			throw refusal(context, request, OAuth2ErrorCodes.ACCESS_DENIED, ex.getMessage());
		}
		Set<String> allowed = this.caps.allowed(caller);
		if (!allowed.containsAll(granted)) {
			Set<String> beyond = new TreeSet<>(granted);
			beyond.removeAll(allowed);
			throw refusal(context, request, OAuth2ErrorCodes.INVALID_SCOPE, "the organisation does not allow the role "
					+ caller.role() + " to grant " + String.join(", ", beyond));
		}
		String clientName = context.getRegisteredClient().getClientName();
		this.commands.send(caller,
				new GrantConsentCommand(context.getAuthorization().getId(), caller.orgId(), caller.memberId(),
						context.getRegisteredClient().getClientId(),
						(clientName.length() > 200) ? clientName.substring(0, 200) : clientName,
						granted.stream().toList(), URI.create(request.getRedirectUri()).getHost()));
	}

	private static OAuth2AuthorizationCodeRequestAuthenticationException refusal(
			OAuth2AuthorizationConsentAuthenticationContext context, OAuth2AuthorizationRequest request, String code,
			String description) {
		OAuth2AuthorizationCodeRequestAuthenticationToken answer = new OAuth2AuthorizationCodeRequestAuthenticationToken(
				request.getAuthorizationUri(), request.getClientId(),
				(Authentication) context.getAuthentication().getPrincipal(), request.getRedirectUri(),
				request.getState(), request.getScopes(), null);
		answer.setAuthenticated(true);
		return new OAuth2AuthorizationCodeRequestAuthenticationException(new OAuth2Error(code, description, null),
				answer);
	}

}
