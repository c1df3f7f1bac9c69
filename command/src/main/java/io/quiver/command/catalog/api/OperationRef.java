package io.quiver.command.catalog.api;

import java.util.regex.Pattern;

/**
 * An operation of a connector, written {@code connector.operation} (e.g.
 * {@code notion.search_pages}).
 */
public record OperationRef(String connectorId, String operation) {

	private static final Pattern CONNECTOR_ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

	public OperationRef {
		if (connectorId == null || !CONNECTOR_ID.matcher(connectorId).matches()) {
			throw new IllegalArgumentException("connector id '" + connectorId
					+ "' is not valid: lower-case letters, digits and '-', at most 40 characters");
		}
		if (operation == null || operation.isBlank()) {
			throw new IllegalArgumentException("an operation reference needs an operation name");
		}
	}

	/**
	 * Parses {@code notion.search_pages}. Only the first dot separates: upstream MCP tool
	 * names may contain dots themselves.
	 */
	public static OperationRef parse(String written) {
		int dot = (written != null) ? written.indexOf('.') : -1;
		if (dot <= 0 || dot == written.length() - 1) {
			throw new IllegalArgumentException("operation '" + written
					+ "' is not valid; write {connector}.{operation}, e.g. notion.search_pages");
		}
		return new OperationRef(written.substring(0, dot), written.substring(dot + 1));
	}

	public static boolean isValidConnectorId(String id) {
		return id != null && CONNECTOR_ID.matcher(id).matches();
	}

	@Override
	public String toString() {
		return this.connectorId + "." + this.operation;
	}

}
