package io.quiver.query.toolindex;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.quiver.command.connection.api.ConnectionAuthorizationPendingEvent;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import io.quiver.command.connection.api.GrantStoredEvent;
import io.quiver.command.connection.api.ReauthorizationNeededEvent;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.ConnectionView.Authorization;

/**
 * The connections of an organisation and their grants (SPEC R1.3, R9); a change of what a
 * connection offers re-derives its tools.
 */
final class ConnectionFold {

	private final Map<String, ConnectionView> connections = new LinkedHashMap<>();

	private final ConnectedToolIndex tools;

	ConnectionFold(ConnectedToolIndex tools) {
		this.tools = tools;
	}

	void on(ConnectionCreatedEvent e) {
		this.connections.put(e.connectionId(), new ConnectionView(e.connectionId(), e.connectorId(), e.label(),
				e.ownerMemberId(), null, false, List.of(), Authorization.NONE));
		this.tools.reindexConnection(e.connectionId());
	}

	void on(ConnectionRelabeledEvent e) {
		update(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), e.to(), c.ownerMemberId(),
				c.grant(), c.grantRevoked(), c.importedTools(), c.authorization()));
		this.tools.reindexConnection(e.connectionId());
	}

	void on(GrantStoredEvent e) {
		update(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
				c.ownerMemberId(), e.grant(), false, c.importedTools(), Authorization.NONE));
	}

	void on(GrantRotatedEvent e) {
		update(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
				c.ownerMemberId(), e.grant(), false, c.importedTools(), Authorization.NONE));
	}

	void on(GrantRevokedEvent e) {
		update(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
				c.ownerMemberId(), null, true, c.importedTools(), Authorization.NONE));
	}

	void on(ConnectionAuthorizationPendingEvent e) {
		authorization(e.connectionId(), Authorization.PENDING);
	}

	void on(ReauthorizationNeededEvent e) {
		authorization(e.connectionId(), Authorization.REAUTHORIZATION_NEEDED);
	}

	private void authorization(String connectionId, Authorization authorization) {
		update(connectionId, (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(), c.ownerMemberId(),
				c.grant(), c.grantRevoked(), c.importedTools(), authorization));
	}

	void on(ConnectionToolsRefreshedEvent e) {
		update(e.connectionId(),
				(c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(), c.ownerMemberId(), c.grant(),
						c.grantRevoked(), CompactDefinitions.operations(e.operations()), c.authorization()));
		this.tools.reindexConnection(e.connectionId());
	}

	void on(ConnectionDeletedEvent e) {
		this.connections.remove(e.connectionId());
		this.tools.reindexConnection(e.connectionId());
	}

	ConnectionView get(String connectionId) {
		return this.connections.get(connectionId);
	}

	ConnectionView byLabel(String label) {
		return this.connections.values().stream().filter((c) -> c.label().equals(label)).findFirst().orElse(null);
	}

	Collection<ConnectionView> all() {
		return this.connections.values();
	}

	private void update(String connectionId, UnaryOperator<ConnectionView> change) {
		this.connections.computeIfPresent(connectionId, (id, connection) -> change.apply(connection));
	}

}
