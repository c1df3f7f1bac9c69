package io.quiver.edge.telemetry;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;

/**
 * An OTLP/HTTP trace receiver, as a collector is: {@code POST /v1/traces} with an
 * {@code ExportTraceServiceRequest} in protobuf, decoded with OpenTelemetry's own proto
 * classes; keeps every span it was sent.
 */
final class OtlpReceiver implements AutoCloseable {

	private final HttpServer server;

	private final List<Span> spans = new CopyOnWriteArrayList<>();

	private OtlpReceiver(HttpServer server) {
		this.server = server;
	}

	static OtlpReceiver start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			OtlpReceiver receiver = new OtlpReceiver(server);
			server.createContext("/v1/traces", receiver::receive);
			server.start();
			return receiver;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	String endpoint() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1/traces";
	}

	/** The spans received of one trace. */
	List<Span> trace(String traceId) {
		return this.spans.stream().filter((span) -> hex(span.getTraceId().toByteArray()).equals(traceId)).toList();
	}

	static String hex(byte[] id) {
		return HexFormat.of().formatHex(id);
	}

	private void receive(HttpExchange exchange) throws IOException {
		try (exchange) {
			InputStream body = exchange.getRequestBody();
			if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
				body = new GZIPInputStream(body);
			}
			ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(body.readAllBytes());
			for (ResourceSpans resource : request.getResourceSpansList()) {
				for (ScopeSpans scope : resource.getScopeSpansList()) {
					this.spans.addAll(scope.getSpansList());
				}
			}
			byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
			exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
			exchange.sendResponseHeaders(200, answer.length);
			exchange.getResponseBody().write(answer);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
