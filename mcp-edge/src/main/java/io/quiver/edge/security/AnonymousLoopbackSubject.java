package io.quiver.edge.security;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import io.quiver.edge.config.Deployment;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.query.access.Scope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Test-only: {@code quiver.mcp.anonymous-subject=<subject>} makes MCP requests without a
 * token from a loopback address act as that member of the bootstrap organisation with
 * every scope, so the MCP conformance suite (which cannot send a token) can run against a
 * real server. Off by default, refused at start-up outside the embedded default, and
 * logged loudly when on.
 */
@Component
class AnonymousLoopbackSubject {

	private static final Logger log = LoggerFactory.getLogger(AnonymousLoopbackSubject.class);

	private final String subject;

	private final String org;

	private final String orgClaim;

	AnonymousLoopbackSubject(QuiverProperties properties, Deployment deployment) {
		this.subject = properties.mcp().anonymousSubject().strip();
		this.org = properties.bootstrap().org();
		this.orgClaim = properties.oauth().orgClaim();
		if (enabled()) {
			if (!deployment.embedded()) {
				throw new IllegalStateException("quiver.mcp.anonymous-subject is a test-only setting and is refused "
						+ "outside the embedded default; remove it");
			}
			log.warn(
					"*** TEST-ONLY SETTING ACTIVE: MCP requests without a token from loopback act as '{}' of '{}' "
							+ "with every scope (quiver.mcp.anonymous-subject). Never use this in production. ***",
					this.subject, this.org);
		}
	}

	boolean enabled() {
		return !this.subject.isEmpty();
	}

	OncePerRequestFilter filter() {
		return new OncePerRequestFilter() {
			@Override
			protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
					throws ServletException, IOException {
				if (request.getRequestURI().equals("/mcp") && request.getHeader(HttpHeaders.AUTHORIZATION) == null
						&& SocketAddress.isLoopback(request)) {
					Instant now = Instant.now();
					Jwt jwt = new Jwt("anonymous-loopback", now, now.plusSeconds(60), Map.of("alg", "none"),
							Map.of("sub", AnonymousLoopbackSubject.this.subject, AnonymousLoopbackSubject.this.orgClaim,
									AnonymousLoopbackSubject.this.org, "scope", Scope.allWireNames(), "aud",
									List.of("anonymous")));
					// The authorities constructor marks the token authenticated; the
					// one-argument
					// constructor leaves it unauthenticated and every request would be
					// refused 403.
					SecurityContextHolder.getContext().setAuthentication(new JwtAuthenticationToken(jwt, List.of()));
				}
				chain.doFilter(request, response);
			}
		};
	}

}
