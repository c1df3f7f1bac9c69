package io.quiver.command.catalog.api;

/**
 * How a connector's operations are reached (SPEC R4.1).
 */
public enum ConnectorKind {

	/**
	 * Operations are HTTP requests built from a method and a path template on a base URL.
	 */
	HTTP,
	/** Operations are the tools of an upstream MCP server, imported per connection. */
	MCP

}
