package io.quiver.edge.upstream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/**
 * A real upstream MCP server: the official Java SDK's Streamable HTTP server on an
 * embedded Tomcat, behind a servlet filter that demands a bearer token. It can be stopped
 * mid-call and started again on the same port.
 */
final class SdkMcpServer implements AutoCloseable {

	private final String token;

	/** The Authorization header of the last request that passed the filter. */
	final AtomicReference<String> lastAuthorization = new AtomicReference<>();

	/** The Content-Type of the last answer to a POST. */
	final AtomicReference<String> lastContentType = new AtomicReference<>();

	final AtomicInteger rejected = new AtomicInteger();

	/** Counted down when the slow tool starts. */
	volatile CountDownLatch slowStarted = new CountDownLatch(1);

	private Tomcat tomcat;

	private McpSyncServer mcp;

	private int port;

	private final Path baseDir;

	SdkMcpServer(String token) throws IOException, LifecycleException {
		this.token = token;
		this.baseDir = Files.createTempDirectory("sdk-mcp");
		start(0);
	}

	String url() {
		return "http://127.0.0.1:" + this.port + "/mcp";
	}

	/** Starts (again) on the given port; 0 picks one. */
	void start(int port) throws LifecycleException {
		HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
			.mcpEndpoint("/mcp")
			.build();
		this.mcp = McpServer.sync(transport)
			.serverInfo("sdk-upstream", "1.0")
			.capabilities(ServerCapabilities.builder().tools(false).build())
			// structured output is not under test here
			.jsonSchemaValidator(new AcceptAll())
			.validateToolInputs(false)
			.tools(tools())
			.build();
		this.tomcat = new Tomcat();
		this.tomcat.setBaseDir(this.baseDir.toString());
		Connector connector = new Connector();
		connector.setPort(port);
		connector.setProperty("address", "127.0.0.1");
		this.tomcat.setConnector(connector);
		Context context = this.tomcat.addContext("", null);
		Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
		context.addServletMappingDecoded("/mcp", "mcp");
		FilterDef bearer = new FilterDef();
		bearer.setFilterName("bearer");
		bearer.setFilter(bearerFilter());
		bearer.setAsyncSupported("true");
		context.addFilterDef(bearer);
		FilterMap map = new FilterMap();
		map.setFilterName("bearer");
		map.addURLPattern("/*");
		context.addFilterMap(map);
		this.tomcat.start();
		this.port = connector.getLocalPort();
	}

	/** Stops the server at once, dropping calls in flight. */
	void stop() throws LifecycleException {
		this.tomcat.stop();
		this.tomcat.destroy();
		this.mcp.closeGracefully();
	}

	void restartOnSamePort() throws LifecycleException {
		stop();
		start(this.port);
	}

	private Filter bearerFilter() {
		return (request, response, chain) -> {
			HttpServletRequest http = (HttpServletRequest) request;
			String authorization = http.getHeader("Authorization");
			if (!("Bearer " + this.token).equals(authorization)) {
				this.rejected.incrementAndGet();
				HttpServletResponse denied = (HttpServletResponse) response;
				denied.setStatus(401);
				denied.setHeader("WWW-Authenticate", "Bearer");
				return;
			}
			this.lastAuthorization.set(authorization);
			chain.doFilter(request, response);
			if ("POST".equals(http.getMethod()) && response.getContentType() != null) {
				this.lastContentType.set(response.getContentType());
			}
		};
	}

	private List<SyncToolSpecification> tools() {
		Map<String, Object> querySchema = Map.of("type", "object", "properties",
				Map.of("query", Map.of("type", "string")), "required", List.of("query"));
		Map<String, Object> emptySchema = Map.of("type", "object");
		return List.of(
				tool(Tool.builder()
					.name("search_pages")
					.title("Search pages")
					.description("Searches pages by title")
					.inputSchema(querySchema)
					.annotations(new ToolAnnotations("Search pages", true, false, true, false, null))
					.build(),
						(exchange, request) -> CallToolResult.builder()
							.addTextContent("found 2 pages for " + request.arguments().get("query"))
							.structuredContent(Map.of("pages", List.of(Map.of("id", "p1"), Map.of("id", "p2"))))
							.isError(false)
							.build()),
				tool(Tool.builder()
					.name("delete_page")
					.description("Deletes a page")
					.inputSchema(emptySchema)
					.annotations(new ToolAnnotations(null, false, true, false, false, null))
					.build(), (exchange, request) -> CallToolResult.builder().addTextContent("deleted").build()),
				tool(Tool.builder()
					.name("create_page")
					.description("Creates a page")
					.inputSchema(emptySchema)
					.annotations(new ToolAnnotations(null, false, false, false, false, null))
					.build(), (exchange, request) -> CallToolResult.builder().addTextContent("created").build()),
				tool(Tool.builder()
					.name("echo_auth")
					.description("Echoes the caller's credential")
					.inputSchema(emptySchema)
					.build(),
						(exchange, request) -> CallToolResult.builder()
							.addTextContent("you sent " + this.lastAuthorization.get())
							.structuredContent(Map.of("authorization", String.valueOf(this.lastAuthorization.get())))
							.build()),
				tool(Tool.builder().name("failing").description("Always fails").inputSchema(emptySchema).build(),
						(exchange, request) -> CallToolResult.builder()
							.addTextContent("the page is locked")
							.isError(true)
							.build()),
				tool(Tool.builder().name("slow").description("Takes its time").inputSchema(emptySchema).build(),
						(exchange, request) -> {
							this.slowStarted.countDown();
							try {
								Thread.sleep(20_000);
							}
							catch (InterruptedException ex) {
								Thread.currentThread().interrupt();
							}
							return CallToolResult.builder().addTextContent("finally").build();
						}));
	}

	private static SyncToolSpecification tool(Tool tool,
			java.util.function.BiFunction<io.modelcontextprotocol.server.McpSyncServerExchange, io.modelcontextprotocol.spec.McpSchema.CallToolRequest, CallToolResult> handler) {
		return SyncToolSpecification.builder().tool(tool).callHandler(handler).build();
	}

	@Override
	public void close() throws LifecycleException {
		stop();
	}

	private static final class AcceptAll implements JsonSchemaValidator {

		@Override
		public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
			return ValidationResponse.asValid(null);
		}

	}

}
