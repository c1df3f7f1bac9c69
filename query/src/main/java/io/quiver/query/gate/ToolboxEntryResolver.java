package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxErrorCode;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolbox.api.ToolboxEntryInput;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.springframework.stereotype.Component;

/**
 * Resolves a toolbox entry as written against the catalog and the organisation's
 * connections before its command is sent (SPEC R4.3), as {@link RestrictionPins} does for
 * restriction items: the operation exists on every connection named, the connections are
 * of the operation's connector, and defaults and frozen values name the operation's
 * parameters and fit their schemas. A new entry needs an operation and at least one
 * connection; a change of an entry keeps what it leaves out. A refusal is
 * {@code invalid-entry}.
 */
@Component
public class ToolboxEntryResolver {

	private final ArgumentGate schemas;

	public ToolboxEntryResolver(ArgumentGate schemas) {
		this.schemas = schemas;
	}

	/**
	 * A new entry, with connections by id and its advertised name (by default
	 * {@code {toolbox}__{operation}}).
	 * @throws CommandRejectedException with {@code invalid-entry} naming what is wrong
	 */
	public ToolboxEntry resolve(PolicySnapshot policy, String toolboxName, String entryId, ToolboxEntryInput input) {
		if (input.operation() == null) {
			throw invalidEntry("an entry needs an operation, written connector.operation (e.g. notion.search_pages)");
		}
		if (input.connections() == null || input.connections().isEmpty()) {
			throw invalidEntry("an entry needs at least one connection (id or label) of the operation's connector");
		}
		OperationRef operation;
		try {
			operation = OperationRef.parse(input.operation());
		}
		catch (IllegalArgumentException ex) {
			throw invalidEntry(ex.getMessage());
		}
		ConnectorDefinition connector = policy.connector(operation.connectorId());
		if (connector == null) {
			throw invalidEntry("no connector '" + operation.connectorId() + "' in the catalog");
		}
		List<String> connectionIds = new ArrayList<>();
		OperationDefinition definition = null;
		for (String reference : input.connections()) {
			ConnectionView connection = policy.connection(reference);
			if (connection == null) {
				connection = policy.connectionByLabel(reference);
			}
			if (connection == null) {
				throw invalidEntry("no connection '" + reference + "' in this organisation");
			}
			if (!connection.connectorId().equals(connector.id())) {
				throw invalidEntry("connection '" + connection.label() + "' is on " + connection.connectorId()
						+ ", not on " + connector.id());
			}
			OperationDefinition found = policy.operation(connection.connectionId(), operation.operation());
			if (found == null) {
				throw invalidEntry(
						"connection '" + connection.label() + "' has no operation '" + operation.operation() + "'");
			}
			definition = (definition != null) ? definition : found;
			if (!connectionIds.contains(connection.connectionId())) {
				connectionIds.add(connection.connectionId());
			}
		}
		ObjectNode defaults = (input.defaults() != null) ? input.defaults() : JsonNodeFactory.instance.objectNode();
		ObjectNode frozen = (input.frozen() != null) ? input.frozen() : JsonNodeFactory.instance.objectNode();
		requireKnownParameters(definition, defaults, "defaults");
		requireKnownParameters(definition, frozen, "frozen");
		String name = (input.name() != null && !input.name().isBlank()) ? input.name()
				: NamingRules.advertisedName(toolboxName, operation.operation());
		return new ToolboxEntry(entryId, operation, connectionIds, name, defaults, frozen);
	}

	/**
	 * An entry changed: each field the input leaves out (null) keeps the entry's current
	 * value, and the whole is resolved as a new entry would be.
	 * @throws CommandRejectedException with {@code invalid-entry} naming what is wrong
	 */
	public ToolboxEntry resolve(PolicySnapshot policy, String toolboxName, ToolboxEntry current,
			ToolboxEntryInput input) {
		ToolboxEntryInput merged = new ToolboxEntryInput(
				(input.operation() != null) ? input.operation() : current.operation().toString(),
				(input.connections() != null) ? input.connections() : current.connectionIds(),
				(input.name() != null) ? input.name() : current.advertisedName(),
				(input.defaults() != null) ? input.defaults() : current.defaults(),
				(input.frozen() != null) ? input.frozen() : current.frozen());
		return resolve(policy, toolboxName, current.entryId(), merged);
	}

	/**
	 * Defaults and frozen values must name the operation's parameters and fit their
	 * schemas.
	 */
	private void requireKnownParameters(OperationDefinition operation, ObjectNode values, String what) {
		if (values.isEmpty()) {
			return;
		}
		JsonNode properties = operation.inputSchema().path("properties");
		for (Iterator<String> keys = values.fieldNames(); keys.hasNext();) {
			String key = keys.next();
			if (!properties.has(key)) {
				throw invalidEntry(what + " names '" + key + "', which is not a parameter of " + operation.name());
			}
		}
		ObjectNode partial = operation.inputSchema().deepCopy();
		partial.remove("required");
		Verdict verdict = this.schemas.check(operation.name(), partial, values);
		if (verdict.denied()) {
			throw invalidEntry(what + " do not fit the operation's schema: " + verdict.reason());
		}
	}

	private static CommandRejectedException invalidEntry(String message) {
		return new CommandRejectedException(ToolboxErrorCode.INVALID_ENTRY, message);
	}

}
