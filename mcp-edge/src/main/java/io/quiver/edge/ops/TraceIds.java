package io.quiver.edge.ops;

import java.io.IOException;
import java.util.function.Supplier;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.util.function.SingletonSupplier;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps each request's trace id on the request, so the access log (written by Tomcat
 * after the request's span has ended) names the trace of the request (SPEC R15.1). Runs
 * just inside Spring Boot's HTTP observation filter, where the request's span is current;
 * lines logged while it is current carry the id through the MDC anyway.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class TraceIds extends OncePerRequestFilter {

	static final String ATTRIBUTE = "quiver.traceId";

	/**
	 * The tracer, looked up once: asking the provider on every request resolved the bean
	 * through the bean factory each time (a per-cent of a request's CPU under load).
	 */
	private final Supplier<Tracer> tracer;

	TraceIds(ObjectProvider<Tracer> tracer) {
		this.tracer = SingletonSupplier.of(tracer::getIfAvailable);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Tracer current = this.tracer.get();
		Span span = (current != null) ? current.currentSpan() : null;
		if (span != null) {
			request.setAttribute(ATTRIBUTE, span.context().traceId());
		}
		chain.doFilter(request, response);
	}

}
