package io.quiver.edge.ops;

import java.io.CharArrayWriter;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.AbstractAccessLogValve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The access log: one line per HTTP request, written by Tomcat's own access-log valve at
 * the engine (so requests refused before any filter, by the request guard or by
 * authentication, are logged too) and sent to the logger {@value #LOGGER}, so it follows
 * the logging settings, JSON included. The pattern has the method, the path <b>without
 * its query string</b>, the status, the bytes sent, the time taken and the socket's
 * remote address and the trace id: never a query value, a header, or a body, where
 * argument values and tokens travel (SPEC R10.2). Off with
 * {@code quiver.access-log.enabled=false} or the logger's level.
 */
@Component
@ConditionalOnProperty(name = "quiver.access-log.enabled", havingValue = "true", matchIfMissing = true)
class AccessLog implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

	static final String LOGGER = "quiver.access";

	/**
	 * {@code %U} is the path without the query string; {@code %q} is never used. The last
	 * field is the request's trace id ({@code -} when it was not traced).
	 */
	static final String PATTERN = "%a \"%m %U\" %s %b %{ms}T ms %{" + TraceIds.ATTRIBUTE + "}r";

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		Valve valve = new Valve();
		valve.setPattern(PATTERN);
		factory.addEngineValves(valve);
	}

	/** Tomcat's access-log valve, writing to SLF4J instead of a file. */
	static final class Valve extends AbstractAccessLogValve {

		private static final Logger log = LoggerFactory.getLogger(LOGGER);

		@Override
		public void log(Request request, Response response, long time) {
			if (log.isInfoEnabled()) {
				super.log(request, response, time);
			}
		}

		@Override
		protected void log(CharArrayWriter message) {
			log.info(message.toString());
		}

	}

}
