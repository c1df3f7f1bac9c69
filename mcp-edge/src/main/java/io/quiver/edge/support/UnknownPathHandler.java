package io.quiver.edge.support;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * A path no controller maps. Under {@code /api/} it is answered with the API's problem
 * body ({@code not-found}, naming the method and path); anywhere else (the console, the
 * rest of the site) as Spring Boot answers it. Global rather than scoped to Quiver's
 * packages like {@link ApiExceptionHandler}: no Quiver controller is involved, the
 * request falls through to the static-resource handler. Ordered ahead of Spring Boot's
 * problem-details handler.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class UnknownPathHandler {

	@ExceptionHandler(NoResourceFoundException.class)
	ResponseEntity<ProblemDetail> noResource(NoResourceFoundException ex, HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		if (!path.startsWith("/api/")) {
			return ResponseEntity.status(ex.getStatusCode()).headers(ex.getHeaders()).body(ex.getBody());
		}
		return ResponseEntity.status(HttpStatus.NOT_FOUND)
			.body(ApiExceptionHandler.problem(HttpStatus.NOT_FOUND, "not-found", "no such endpoint: "
					+ request.getMethod() + " " + path + "; the API's endpoints are described at /v3/api-docs"));
	}

}
