package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.List;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.restriction.api.ItemKind;
import io.quiver.command.restriction.api.Pin;
import io.quiver.command.restriction.api.RestrictionErrorCode;
import io.quiver.command.restriction.api.RestrictionItem;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.query.restriction.api.RestrictionInput;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.springframework.stereotype.Component;

/**
 * Pins restriction items against the catalog when they are written (SPEC R8.6):
 * <ul>
 * <li>{@code connector:notion} → the connector;</li>
 * <li>{@code tool:notion.search_pages} → the operation, on any account;</li>
 * <li>{@code tool:notion-legal__search_pages} → the operation on that connection (the
 * label is resolved now; relabeling later does not move the pin);</li>
 * <li>{@code tool:hr__search} (a toolbox entry) → the entry's operation, on that
 * entry.</li>
 * </ul>
 * An item that resolves to nothing is refused: an allow rule that can match nothing would
 * only look like a rule. A restriction as written ({@link RestrictionInput}) becomes its
 * rules here too ({@link #rules}), on a create and on an update.
 */
@Component
public class RestrictionPins {

	/**
	 * The rules a restriction as written makes, every item pinned now (R8.5, R8.6). On a
	 * create ({@code current} null) an absent or null {@code allow} is no allow rule and
	 * an absent or null {@code block} blocks nothing; on an update a list not written
	 * keeps the current rules, and null removes them.
	 * @throws CommandRejectedException {@code restriction.unresolved-item} naming the
	 * item that pins nothing
	 */
	public RestrictionRules rules(PolicySnapshot policy, RestrictionInput input, RestrictionRules current) {
		List<RestrictionItem> allow = (current != null && !input.allowWritten()) ? current.allow()
				: pinAll(policy, input.allow());
		List<RestrictionItem> block = (current != null && !input.blockWritten()) ? current.block()
				: pinAll(policy, input.block());
		return new RestrictionRules(allow, block);
	}

	/** The items pinned, or null for none written. */
	private List<RestrictionItem> pinAll(PolicySnapshot policy, List<String> written) {
		if (written == null) {
			return null;
		}
		List<RestrictionItem> pinned = new ArrayList<>();
		for (String item : written) {
			try {
				pinned.add(pin(policy, item));
			}
			catch (IllegalArgumentException ex) {
				throw new CommandRejectedException(RestrictionErrorCode.UNRESOLVED_ITEM, ex.getMessage());
			}
		}
		return pinned;
	}

	/**
	 * @throws IllegalArgumentException naming the item and why it cannot be pinned
	 */
	public RestrictionItem pin(PolicySnapshot policy, String written) {
		if (written == null || written.isBlank()) {
			throw new IllegalArgumentException("an empty restriction item; write connector:{id} or tool:{name}");
		}
		String item = written.strip();
		if (item.startsWith("connector:")) {
			String id = item.substring("connector:".length());
			if (policy.connector(id) == null) {
				throw new IllegalArgumentException("item '" + item + "': no connector '" + id + "' in the catalog");
			}
			return new RestrictionItem(item, ItemKind.CONNECTOR, id, Pin.connector(id));
		}
		if (!item.startsWith("tool:")) {
			throw new IllegalArgumentException("item '" + item
					+ "' is not valid; write connector:{id} or tool:{advertised name or connector.operation}");
		}
		String name = item.substring("tool:".length());
		if (name.isEmpty()) {
			throw new IllegalArgumentException("item '" + item + "' names no tool");
		}
		ConnectedTool tool = policy.toolByName(name);
		if (tool != null) {
			Pin pin = (tool.kind() == ConnectedTool.Kind.ACCOUNT)
					? new Pin(tool.connectorId(), tool.operation().name(), tool.connectionIds().get(0), null) : new Pin(
							tool.connectorId(), tool.operation().name(), null, tool.toolboxId() + "/" + tool.entryId());
			return new RestrictionItem(item, ItemKind.TOOL, name, pin);
		}
		if (!name.contains("__") && name.contains(".")) {
			OperationRef ref;
			try {
				ref = OperationRef.parse(name);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("item '" + item + "': " + ex.getMessage());
			}
			if (!operationExists(policy, ref)) {
				throw new IllegalArgumentException("item '" + item + "': connector '" + ref.connectorId()
						+ "' has no operation '" + ref.operation() + "'");
			}
			return new RestrictionItem(item, ItemKind.TOOL, name,
					new Pin(ref.connectorId(), ref.operation(), null, null));
		}
		throw new IllegalArgumentException("item '" + item + "': no tool of that name exists now, so it cannot be "
				+ "pinned; name an existing advertised tool or write connector.operation");
	}

	private static boolean operationExists(PolicySnapshot policy, OperationRef ref) {
		ConnectorDefinition connector = policy.connector(ref.connectorId());
		if (connector == null) {
			return false;
		}
		if (connector.kind() == ConnectorKind.HTTP) {
			return connector.operation(ref.operation()) != null;
		}
		for (ConnectionView connection : policy.connections()) {
			if (connection.connectorId().equals(connector.id())
					&& policy.operation(connection.connectionId(), ref.operation()) != null) {
				return true;
			}
		}
		return false;
	}

}
