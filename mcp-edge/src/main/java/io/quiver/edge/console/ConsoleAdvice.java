package io.quiver.edge.console;

import jakarta.servlet.http.HttpServletRequest;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.support.ApiExceptionHandler;
import io.quiver.query.access.Caller;
import io.quiver.query.access.RolePermissions;
import io.quiver.query.support.CallerText;
import io.quiver.query.support.DatabaseFailures;
import io.quiver.query.support.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;

/**
 * What every console page shares: the signed-in member ({@code me}) and how refusals are
 * shown. A member whose role holds no permission (GUEST), or who is no longer an active
 * member, sees a page that says so and nothing else. A refused operation shows the
 * service's message with the status the REST API would give. Ahead of the API's
 * {@code ApiExceptionHandler}, which would answer JSON.
 */
@ControllerAdvice(basePackageClasses = ConsoleAdvice.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ConsoleAdvice {

	private static final Logger log = LoggerFactory.getLogger(ConsoleAdvice.class);

	private final ConsoleCallers callers;

	ConsoleAdvice(ConsoleCallers callers) {
		this.callers = callers;
	}

	@ModelAttribute("me")
	ConsoleUser me() {
		ConsolePrincipal principal = this.callers.principal();
		if (principal == null) {
			return null;
		}
		Caller caller = this.callers.current();
		if (RolePermissions.of(caller.role()).isEmpty()) {
			throw new ConsoleAccessException("Your role " + caller.role() + " in organisation '" + caller.orgId()
					+ "' grants no access to the console. Ask an admin of the organisation for a role.");
		}
		return ConsoleUser.of(caller, principal);
	}

	@ExceptionHandler(ConsoleAccessException.class)
	ModelAndView noAccess(ConsoleAccessException ex) {
		ModelAndView page = new ModelAndView("console/no-access");
		page.addObject("message", ex.getMessage());
		page.addObject("principal", this.callers.principal());
		page.setStatus(HttpStatus.FORBIDDEN);
		return page;
	}

	@ExceptionHandler(CommandRejectedException.class)
	ModelAndView refused(CommandRejectedException ex, HttpServletRequest request) {
		return error(ApiExceptionHandler.status(ex.errorCode()), ex.errorCode().code(), ex.getMessage(), request);
	}

	@ExceptionHandler({ MissingServletRequestParameterException.class, MethodArgumentTypeMismatchException.class,
			IllegalArgumentException.class })
	ModelAndView invalid(Exception ex, HttpServletRequest request) {
		return error(HttpStatus.BAD_REQUEST, "invalid-input", ex.getMessage(), request);
	}

	/**
	 * Whatever no handler above expected, as a page rather than the API's JSON; logged
	 * with an incident id, the class and the stack frames, never the message (SPEC R10.2,
	 * see {@link Failures}).
	 */
	@ExceptionHandler(RuntimeException.class)
	ModelAndView unexpected(RuntimeException ex, HttpServletRequest request) {
		if (ex instanceof ErrorResponse known) {
			return error(HttpStatus.valueOf(known.getStatusCode().value()), "invalid-request",
					known.getBody().getDetail(), request);
		}
		if (DatabaseFailures.unavailable(ex)) {
			return error(HttpStatus.SERVICE_UNAVAILABLE, "database-unavailable",
					"Quiver's database is unavailable for the moment; reload this page in a few seconds.", request);
		}
		String incident = Failures.incident();
		log.error("{} {} failed unexpectedly with {} (incident {}):\n{}", CallerText.log(request.getMethod()),
				CallerText.log(request.getRequestURI()), ex.getClass().getName(), incident, Failures.trace(ex));
		return error(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error",
				"Quiver could not complete this request because of an internal error (incident " + incident
						+ "). Try again, and report the incident if it persists.",
				request);
	}

	private ModelAndView error(HttpStatus status, String code, String message, HttpServletRequest request) {
		ModelAndView page = new ModelAndView("console/error");
		page.addObject("status", status.value());
		page.addObject("code", code);
		page.addObject("message", message);
		page.addObject("back", back(request));
		try {
			page.addObject("me", me());
		}
		catch (ConsoleAccessException ex) {
			return noAccess(ex);
		}
		page.setStatus(status);
		return page;
	}

	/** The page a refused request came from: its path up to the second segment. */
	private static String back(HttpServletRequest request) {
		String[] parts = request.getRequestURI().split("/");
		return (parts.length > 2) ? "/console/" + parts[2] : "/console";
	}

}
