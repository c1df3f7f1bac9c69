package io.quiver.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * A real MCP client for the tests: the official MCP Java SDK client over Streamable HTTP,
 * sending a bearer token like any AI client would.
 */
public final class Mcp implements AutoCloseable {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final McpSyncClient client;

	private Mcp(McpSyncClient client) {
		this.client = client;
	}

	public static Mcp connect(String baseUrl, String token) {
		return connect(baseUrl, token, (tools) -> {
		});
	}

	/**
	 * A client told the caller's new tool list whenever the server sends
	 * {@code tools/list_changed} (the SDK lists again by itself).
	 */
	public static Mcp connect(String baseUrl, String token, Consumer<List<McpSchema.Tool>> toolsChanged) {
		HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(baseUrl)
			.endpoint("/mcp")
			.httpRequestCustomizer(
					(builder, method, uri, body, context) -> builder.header("Authorization", "Bearer " + token))
			.build();
		McpSyncClient client = McpClient.sync(transport)
			.requestTimeout(Duration.ofSeconds(60))
			.toolsChangeConsumer(toolsChanged)
			.build();
		client.initialize();
		return new Mcp(client);
	}

	/** Every tool the caller sees, following {@code nextCursor} through all pages. */
	public List<McpSchema.Tool> tools() {
		List<McpSchema.Tool> tools = new ArrayList<>();
		String cursor = null;
		do {
			McpSchema.ListToolsResult page = (cursor == null) ? this.client.listTools() : this.client.listTools(cursor);
			tools.addAll(page.tools());
			cursor = page.nextCursor();
		}
		while (cursor != null);
		return tools;
	}

	public List<String> toolNames() {
		return tools().stream().map(McpSchema.Tool::name).toList();
	}

	public Result call(String name, Map<String, Object> arguments) {
		McpSchema.CallToolResult result = this.client.callTool(new McpSchema.CallToolRequest(name, arguments));
		StringBuilder text = new StringBuilder();
		for (McpSchema.Content content : result.content()) {
			if (content instanceof McpSchema.TextContent textContent) {
				text.append(textContent.text());
			}
		}
		JsonNode structured = (result.structuredContent() != null) ? JSON.valueToTree(result.structuredContent())
				: null;
		return new Result(Boolean.TRUE.equals(result.isError()), text.toString(), structured, result.meta());
	}

	public Result execute(String name, Map<String, Object> arguments) {
		return call("execute_tool", Map.of("name", name, "arguments", arguments));
	}

	@Override
	public void close() {
		this.client.closeGracefully();
	}

	/**
	 * A tool result: whether it is an error, its text, its structured content and
	 * metadata.
	 */
	public record Result(boolean isError, String text, JsonNode structured, Map<String, Object> meta) {
	}

}
