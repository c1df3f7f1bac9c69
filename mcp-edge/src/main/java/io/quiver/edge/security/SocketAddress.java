package io.quiver.edge.security;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The address of the socket a request came in on, whatever forwarded headers say.
 * <p>
 * Behind a proxy, or with Kubernetes detected, Spring Boot turns on Tomcat's
 * {@code RemoteIpValve}, which replaces {@link HttpServletRequest#getRemoteAddr()} with
 * the first untrusted address of {@code X-Forwarded-For}; its default trusted proxies are
 * every private address, so any pod of a cluster could claim to be {@code 127.0.0.1}. The
 * development issuer and the development sign-in must decide on the connection's own
 * peer, which a header cannot change: a context valve (it runs after the engine's
 * {@code RemoteIpValve}) copies Tomcat's peer address, which that valve leaves alone,
 * into a request attribute. Without the attribute (not Tomcat) nothing counts as
 * loopback.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(ValveBase.class)
public class SocketAddress {

	static final String ATTRIBUTE = SocketAddress.class.getName() + ".peer";

	/** Whether the request's connection comes from this machine (a loopback address). */
	public static boolean isLoopback(HttpServletRequest request) {
		Object peer = request.getAttribute(ATTRIBUTE);
		if (!(peer instanceof String address) || address.isEmpty()) {
			return false;
		}
		try {
			// a literal address: never a name lookup
			return InetAddress.getByName(address).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> socketAddressValve() {
		return (factory) -> factory.addContextValves(new PeerAddressValve());
	}

	/** Records the connection's peer address before any filter runs. */
	static final class PeerAddressValve extends ValveBase {

		PeerAddressValve() {
			super(true);
		}

		@Override
		public void invoke(Request request, Response response) throws IOException, ServletException {
			request.setAttribute(ATTRIBUTE, request.getPeerAddr());
			getNext().invoke(request, response);
		}

	}

}
