package io.quiver.edge.platform;

import java.util.List;

import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.security.DevIssuer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;

/**
 * Who is a platform operator (SPEC R14.6): a subject named in
 * {@code quiver.platform.operators}, whatever issuer signed its token; or, while the
 * local token issuer is on (the embedded default; never in production unless enabled on
 * purpose), the bearer of a development token minted without an organisation
 * ({@code /dev/token} with no {@code org}), so that a first run can make a second
 * organisation.
 */
@Component
class PlatformOperators {

	private final List<String> operators;

	private final DevIssuer devIssuer;

	private final String orgClaim;

	PlatformOperators(@Value("${quiver.platform.operators:}") List<String> operators, DevIssuer devIssuer,
			QuiverProperties properties) {
		this.operators = operators.stream().map(String::strip).filter((s) -> !s.isEmpty()).toList();
		this.devIssuer = devIssuer;
		this.orgClaim = properties.oauth().orgClaim();
	}

	/**
	 * The operator acting, as an actor of the events it causes.
	 * @throws CommandRejectedException {@code permission-denied} when the caller is none
	 */
	Actor require(Authentication authentication) {
		if (!(authentication instanceof JwtAuthenticationToken token)) {
			throw denied();
		}
		Jwt jwt = token.getToken();
		String subject = jwt.getSubject();
		if (subject != null && this.operators.contains(subject)) {
			return new Actor(null, subject, "platform", "OWNER");
		}
		// a token of the local issuer (its issuer, no consent of the authorization
		// server)
		// minted without an organisation; whoever may mint those may mint any subject
		// anyway
		boolean developmentWithoutOrg = this.devIssuer.enabled() && jwt.getIssuer() != null
				&& this.devIssuer.issuer().equals(jwt.getIssuer().toString())
				&& jwt.getClaimAsString(this.orgClaim) == null && jwt.getClaimAsString("cid") == null;
		if (subject != null && developmentWithoutOrg) {
			return new Actor(null, subject, "platform", "OWNER");
		}
		throw denied();
	}

	private static CommandRejectedException denied() {
		return new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED,
				"only a platform operator creates organisations: a subject named in quiver.platform.operators, "
						+ "or, while the local issuer is on, a development token minted without an organisation");
	}

}
