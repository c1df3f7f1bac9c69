package io.quiver.command.catalog.api;

import java.util.List;
import java.util.Map;

/**
 * A catalog entry (SPEC R4.1): curated (shipped in {@code catalog/*.json}) or registered
 * at run time by an admin.
 *
 * @param id stable identifier, lower case ({@code notion})
 * @param label display label ({@code Notion})
 * @param kind {@code http} or {@code mcp}
 * @param description one line on what the application is
 * @param baseUrl for {@code http}: every request must stay under it (R8.7); for
 * {@code mcp}: the upstream MCP endpoint URL
 * @param operations the operations of an {@code http} connector; empty for {@code mcp}
 * connectors, whose tools are imported per connection
 * @param headers fixed, non-secret request headers every call carries (e.g. an API
 * version header)
 * @param allowPrivateNetwork whether an admin allowed this connector to reach private,
 * loopback or link-local addresses (R8.7)
 * @param version the catalog file's version for curated connectors, 1 for registered ones
 * @param oauth how an account is connected by OAuth (SPEC R4.5), or null: an {@code http}
 * connector declares it; an {@code mcp} connector's server is discovered instead
 */
public record ConnectorDefinition(String id, String label, ConnectorKind kind, String description, String baseUrl,
		List<OperationDefinition> operations, Map<String, String> headers, boolean allowPrivateNetwork, int version,
		OAuthSettings oauth) {

	public ConnectorDefinition {
		if (!OperationRef.isValidConnectorId(id)) {
			throw new IllegalArgumentException("connector id '" + id
					+ "' is not valid: lower-case letters, digits and '-', at most 40 characters");
		}
		if (label == null || label.isBlank()) {
			throw new IllegalArgumentException("connector '" + id + "' needs a label");
		}
		if (kind == null) {
			throw new IllegalArgumentException("connector '" + id + "' needs a kind (http or mcp)");
		}
		operations = (operations != null) ? List.copyOf(operations) : List.of();
		description = (description != null) ? description : "";
		headers = (headers != null) ? Map.copyOf(headers) : Map.of();
		if (oauth != null && kind != ConnectorKind.HTTP) {
			throw new IllegalArgumentException("connector '" + id + "': only an http connector declares OAuth "
					+ "endpoints; an mcp connector's authorization server is discovered from its server");
		}
	}

	/** A connector without OAuth. */
	public ConnectorDefinition(String id, String label, ConnectorKind kind, String description, String baseUrl,
			List<OperationDefinition> operations, Map<String, String> headers, boolean allowPrivateNetwork,
			int version) {
		this(id, label, kind, description, baseUrl, operations, headers, allowPrivateNetwork, version, null);
	}

	/** The operation of this name, or null. */
	public OperationDefinition operation(String name) {
		return this.operations.stream().filter((op) -> op.name().equals(name)).findFirst().orElse(null);
	}

}
