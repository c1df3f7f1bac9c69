package io.quiver.edge.support;

import java.net.URI;

import jakarta.servlet.http.HttpServletRequest;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.InvalidFieldException;
import io.quiver.query.gate.api.RateLimitedException;
import io.quiver.query.support.CallerText;
import io.quiver.query.support.DatabaseFailures;
import io.quiver.query.support.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * The REST API's errors, in one place: RFC 9457 problem details with a stable
 * {@code code} property, a message that says what to do, and the status of the refusal's
 * kind (invalid 400, not found 404, conflict 409, forbidden 403). A refused request
 * changed nothing. Ordered ahead of Spring Boot's own problem-details handler, which
 * would otherwise answer unreadable bodies and bad parameters with a bare "Failed to read
 * request" and no {@code code}; behind the console's advice, which answers pages.
 */
@RestControllerAdvice(basePackages = "io.quiver.edge")
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class ApiExceptionHandler {

	/**
	 * Request attribute the request guard sets when a streamed body went over the limit.
	 */
	public static final String BODY_TOO_LARGE = ApiExceptionHandler.class.getName() + ".bodyTooLarge";

	/** What a 503 asks a client to wait before it retries. */
	public static final int RETRY_AFTER_SECONDS = 5;

	private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

	@ExceptionHandler(CommandRejectedException.class)
	ProblemDetail rejected(CommandRejectedException ex) {
		ProblemDetail problem = problem(status(ex.errorCode()), ex.errorCode().code(), ex.getMessage());
		if (ex instanceof InvalidFieldException invalid) {
			problem.setProperty("field", invalid.field());
		}
		return problem;
	}

	/** Over the member's calls per minute (SPEC R15.2): 429, and when to try again. */
	@ExceptionHandler(RateLimitedException.class)
	ResponseEntity<ProblemDetail> rateLimited(RateLimitedException ex) {
		ProblemDetail problem = problem(HttpStatus.TOO_MANY_REQUESTS, "rate-limited", ex.getMessage());
		problem.setProperty("retryAfterSeconds", ex.retryAfterSeconds());
		return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
			.header(HttpHeaders.RETRY_AFTER, Long.toString(ex.retryAfterSeconds()))
			.body(problem);
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ProblemDetail invalid(IllegalArgumentException ex) {
		return problem(HttpStatus.BAD_REQUEST, "invalid-input", ex.getMessage());
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	ProblemDetail unreadable(HttpMessageNotReadableException ex, HttpServletRequest request) {
		if (Boolean.TRUE.equals(request.getAttribute(BODY_TOO_LARGE))) {
			return problem(HttpStatus.PAYLOAD_TOO_LARGE, "body-too-large", "the request body is over the size limit");
		}
		return problem(HttpStatus.BAD_REQUEST, "malformed-body",
				"the request body cannot be read: " + JsonInput.problem(ex.getCause()));
	}

	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ProblemDetail mismatch(MethodArgumentTypeMismatchException ex) {
		return problem(HttpStatus.BAD_REQUEST, "invalid-input", "parameter '" + ex.getName() + "' is not valid");
	}

	@ExceptionHandler(MissingServletRequestParameterException.class)
	ProblemDetail missing(MissingServletRequestParameterException ex) {
		return problem(HttpStatus.BAD_REQUEST, "invalid-input",
				"parameter '" + ex.getParameterName() + "' is required");
	}

	@ExceptionHandler(HttpMediaTypeNotSupportedException.class)
	ProblemDetail mediaType(HttpMediaTypeNotSupportedException ex) {
		return problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
				"send the body as application/json");
	}

	@ExceptionHandler(HttpRequestMethodNotSupportedException.class)
	ProblemDetail method(HttpRequestMethodNotSupportedException ex) {
		return problem(HttpStatus.METHOD_NOT_ALLOWED, "method-not-allowed", ex.getMessage());
	}

	/**
	 * Whatever no handler above expected. The answer and the log line carry an incident
	 * id; the log line has the class and stack frames but no message, which could quote a
	 * request's values (SPEC R10.2, see {@link Failures}).
	 */
	@ExceptionHandler(RuntimeException.class)
	ResponseEntity<ProblemDetail> unexpected(RuntimeException ex, HttpServletRequest request) {
		if (ex instanceof ErrorResponse known) {
			// Spring's own refusals (a timed-out request, a failed validation): as Spring
			// Boot would answer them
			return ResponseEntity.status(known.getStatusCode()).body(known.getBody());
		}
		if (DatabaseFailures.unavailable(ex)) {
			log.warn("{} {} found the database unavailable: {}", CallerText.log(request.getMethod()),
					CallerText.log(request.getRequestURI()), ex.getClass().getName());
			return databaseUnavailable();
		}
		String incident = Failures.incident();
		log.error("{} {} failed unexpectedly with {} (incident {}):\n{}", CallerText.log(request.getMethod()),
				CallerText.log(request.getRequestURI()), ex.getClass().getName(), incident, Failures.trace(ex));
		return ResponseEntity.internalServerError()
			.body(problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error",
					"Quiver could not complete this request because of an internal error (incident " + incident
							+ "); nothing is known to have changed. Try again, and report the incident if it persists."));
	}

	/**
	 * SPEC R7.9: the database is out of reach. Nothing was changed, or what was changed
	 * is durable; the request may be repeated.
	 */
	static ResponseEntity<ProblemDetail> databaseUnavailable() {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS))
			.body(problem(HttpStatus.SERVICE_UNAVAILABLE, "database-unavailable",
					"Quiver's database is unavailable for the moment; try again in a few seconds."));
	}

	/**
	 * The HTTP status a refusal of this kind is answered with, on the API and the
	 * console.
	 */
	public static HttpStatus status(ErrorCode code) {
		return switch (code.kind()) {
			case INVALID -> HttpStatus.BAD_REQUEST;
			case NOT_FOUND -> HttpStatus.NOT_FOUND;
			case CONFLICT -> HttpStatus.CONFLICT;
			case FORBIDDEN -> HttpStatus.FORBIDDEN;
		};
	}

	/** A problem body with its stable {@code code}, as every REST error is answered. */
	public static ProblemDetail problem(HttpStatus status, String code, String message) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, message);
		problem.setType(URI.create("https://quiver.dev/problems/" + code));
		problem.setTitle(status.getReasonPhrase());
		problem.setProperty("code", code);
		return problem;
	}

}
