package io.quiver.edge.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;
import io.quiver.edge.config.QuiverProperties;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a revoked token like any invalid one: 401 with the resource server's challenge,
 * whichever endpoint (MCP, REST) found it out, ahead of the API's own exception handler.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class RevokedTokenAdvice {

	private final QuiverProperties properties;

	RevokedTokenAdvice(QuiverProperties properties) {
		this.properties = properties;
	}

	@ExceptionHandler(RevokedTokenException.class)
	void revoked(RevokedTokenException revoked, HttpServletResponse response) throws IOException {
		SecurityConfiguration.challenge(this.properties, response,
				new InvalidBearerTokenException(revoked.getMessage()));
	}

}
