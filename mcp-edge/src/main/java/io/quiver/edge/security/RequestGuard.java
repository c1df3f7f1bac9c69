package io.quiver.edge.security;

import java.io.IOException;
import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.support.ApiExceptionHandler;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.json.ProblemDetailJacksonMixin;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The first filter of every request, ahead of authentication:
 * <ul>
 * <li>request bodies are bounded (SPEC R12.2): over the limit is 413, whether the length
 * is declared or the body is streamed, answered as JSON-RPC on the MCP endpoint and as
 * problem details on the REST API;</li>
 * <li>the MCP endpoint answers only to known hosts and origins (R12.2, DNS rebinding
 * protection): an unknown {@code Host} or a foreign {@code Origin} is answered 403.</li>
 * </ul>
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestGuard extends OncePerRequestFilter {

	private static final ObjectMapper JSON = new ObjectMapper().addMixIn(ProblemDetail.class,
			ProblemDetailJacksonMixin.class);

	private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

	private final QuiverProperties properties;

	private final Set<String> allowedHosts = new HashSet<>();

	private final Set<String> allowedOrigins = new HashSet<>();

	public RequestGuard(QuiverProperties properties) {
		this.properties = properties;
		this.allowedHosts.addAll(LOOPBACK_NAMES);
		this.allowedHosts.add(properties.publicUrl().getHost().toLowerCase(Locale.ROOT));
		properties.mcp().allowedHosts().forEach((host) -> this.allowedHosts.add(host.toLowerCase(Locale.ROOT)));
		properties.mcp().allowedOrigins().forEach((origin) -> this.allowedOrigins.add(origin.toLowerCase(Locale.ROOT)));
		this.allowedOrigins.add(origin(properties.publicUrl()));
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		boolean mcp = request.getRequestURI().equals("/mcp");
		if (mcp) {
			String host = hostOf(request.getHeader(HttpHeaders.HOST));
			if (host == null || !this.allowedHosts.contains(host)) {
				refuse(response, HttpServletResponse.SC_FORBIDDEN, -32000,
						"Host '" + request.getHeader(HttpHeaders.HOST) + "' is not allowed for this MCP endpoint");
				return;
			}
			String origin = request.getHeader(HttpHeaders.ORIGIN);
			if (origin != null && !originAllowed(origin)) {
				refuse(response, HttpServletResponse.SC_FORBIDDEN, -32000,
						"Origin '" + origin + "' is not allowed for this MCP endpoint");
				return;
			}
		}
		int limit = mcp ? this.properties.mcp().maxBodyBytes() : this.properties.api().maxBodyBytes();
		long declared = request.getContentLengthLong();
		if (declared > limit) {
			String message = "request body of " + declared + " bytes is over the limit of " + limit + " bytes";
			if (mcp) {
				refuse(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, -32600, message);
			}
			else {
				problem(request, response, HttpStatus.PAYLOAD_TOO_LARGE, "body-too-large", message);
			}
			return;
		}
		chain.doFilter(new BoundedRequest(request, limit), response);
	}

	/** An explicitly allowed origin, a loopback origin, or the public URL's host. */
	private boolean originAllowed(String origin) {
		String normalized = origin.toLowerCase(Locale.ROOT);
		if (this.allowedOrigins.contains(normalized)) {
			return true;
		}
		try {
			String host = URI.create(normalized).getHost();
			return host != null && (LOOPBACK_NAMES.contains(host)
					|| host.equals(this.properties.publicUrl().getHost().toLowerCase(Locale.ROOT)));
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	private static String origin(URI url) {
		String origin = url.getScheme() + "://" + url.getHost();
		if (url.getPort() != -1) {
			origin += ":" + url.getPort();
		}
		return origin.toLowerCase(Locale.ROOT);
	}

	static String hostOf(String hostHeader) {
		if (hostHeader == null || hostHeader.isBlank()) {
			return null;
		}
		String host = hostHeader.strip().toLowerCase(Locale.ROOT);
		if (host.startsWith("[")) {
			int end = host.indexOf(']');
			return (end > 0) ? host.substring(0, end + 1) : null;
		}
		int colon = host.indexOf(':');
		return (colon >= 0) ? host.substring(0, colon) : host;
	}

	private static void refuse(HttpServletResponse response, int status, int code, String message) throws IOException {
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getWriter()
			.write("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":" + code + ",\"message\":\""
					+ message.replace("\\", "\\\\").replace("\"", "'") + "\"}}");
	}

	/** The REST API's error body, as its exception handler writes it. */
	private static void problem(HttpServletRequest request, HttpServletResponse response, HttpStatus status,
			String code, String message) throws IOException {
		ProblemDetail problem = ApiExceptionHandler.problem(status, code, message);
		problem.setInstance(URI.create(request.getRequestURI()));
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.getWriter().write(JSON.writeValueAsString(problem));
	}

	/** Fails the read once more than the limit has been read, and marks the request. */
	private static final class BoundedRequest extends HttpServletRequestWrapper {

		private final int limit;

		private ServletInputStream stream;

		BoundedRequest(HttpServletRequest request, int limit) {
			super(request);
			this.limit = limit;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.stream == null) {
				ServletInputStream delegate = super.getInputStream();
				HttpServletRequest request = (HttpServletRequest) getRequest();
				this.stream = new ServletInputStream() {
					private long read;

					@Override
					public int read() throws IOException {
						int b = delegate.read();
						if (b >= 0) {
							count(1);
						}
						return b;
					}

					@Override
					public int read(byte[] buffer, int offset, int length) throws IOException {
						int n = delegate.read(buffer, offset, length);
						if (n > 0) {
							count(n);
						}
						return n;
					}

					private void count(int n) throws IOException {
						this.read += n;
						if (this.read > BoundedRequest.this.limit) {
							request.setAttribute(ApiExceptionHandler.BODY_TOO_LARGE, Boolean.TRUE);
							throw new IOException(
									"request body is over the limit of " + BoundedRequest.this.limit + " bytes");
						}
					}

					@Override
					public boolean isFinished() {
						return delegate.isFinished();
					}

					@Override
					public boolean isReady() {
						return delegate.isReady();
					}

					@Override
					public void setReadListener(ReadListener listener) {
						delegate.setReadListener(listener);
					}
				};
			}
			return this.stream;
		}

	}

}
