package io.quiver.command.connection;

import java.util.List;

import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.api.ConnectionAuthorizationPendingEvent;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.CreateConnectionCommand;
import io.quiver.command.connection.api.DeleteConnectionCommand;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import io.quiver.command.connection.api.GrantStoredEvent;
import io.quiver.command.connection.api.MarkReauthorizationNeededCommand;
import io.quiver.command.connection.api.ReauthorizationNeededEvent;
import io.quiver.command.connection.api.RefreshConnectionToolsCommand;
import io.quiver.command.connection.api.RelabelConnectionCommand;
import io.quiver.command.connection.api.RevokeGrantCommand;
import io.quiver.command.connection.api.StoreGrantCommand;
import io.quiver.command.naming.AdvertisedNamespace;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A connection: an account on a connector, owned by a member, under a label unique in the
 * organisation, with a grant that references a secret in the vault (SPEC R4.2, R1.3).
 * <p>
 * Invariants:
 * <ul>
 * <li>the label follows {@link NamingRules} and is unique among the organisation's
 * connection labels and toolbox names ({@link AdvertisedNamespace} settles concurrent
 * claims);</li>
 * <li>a deleted connection accepts no further command;</li>
 * <li>events carry a vault reference and a fingerprint, never the secret.</li>
 * </ul>
 */
@Aggregate
public class Connection {

	@AggregateIdentifier
	private String connectionId;

	private String orgId;

	private String label;

	private GrantReference grant;

	private List<OperationDefinition> tools = List.of();

	private boolean deleted;

	private boolean reauthorizationNeeded;

	protected Connection() {
	}

	@CommandHandler
	public Connection(CreateConnectionCommand command, AdvertisedNamespace namespace) {
		requireLabelFree(namespace, command.orgId(), command.label(), command.connectionId());
		if (command.connectorId() == null || command.ownerMemberId() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"a connection needs a connector and an owner");
		}
		apply(new ConnectionCreatedEvent(command.orgId(), command.connectionId(), command.connectorId(),
				command.label(), command.ownerMemberId()));
		if (command.grant() != null) {
			apply(new GrantStoredEvent(command.orgId(), command.connectionId(), command.grant()));
		}
		else if (command.awaitingAuthorization()) {
			apply(new ConnectionAuthorizationPendingEvent(command.orgId(), command.connectionId()));
		}
		if (command.operations() != null && !command.operations().isEmpty()) {
			apply(new ConnectionToolsRefreshedEvent(command.orgId(), command.connectionId(),
					List.copyOf(command.operations())));
		}
	}

	@CommandHandler
	void handle(RelabelConnectionCommand command, AdvertisedNamespace namespace) {
		requireLive(command.orgId());
		if (command.label() != null && command.label().equals(this.label)) {
			return;
		}
		requireLabelFree(namespace, this.orgId, command.label(), this.connectionId);
		apply(new ConnectionRelabeledEvent(this.orgId, this.connectionId, this.label, command.label()));
	}

	@CommandHandler
	void handle(StoreGrantCommand command) {
		requireLive(command.orgId());
		if (command.grant() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "storing a grant needs a grant");
		}
		if (command.grant().equals(this.grant)) {
			return;
		}
		if (this.grant == null) {
			apply(new GrantStoredEvent(this.orgId, this.connectionId, command.grant()));
		}
		else {
			apply(new GrantRotatedEvent(this.orgId, this.connectionId, this.grant.vaultRef(), command.grant()));
		}
	}

	@CommandHandler
	void handle(RevokeGrantCommand command) {
		requireLive(command.orgId());
		if (this.grant != null) {
			apply(new GrantRevokedEvent(this.orgId, this.connectionId, this.grant.vaultRef()));
		}
	}

	@CommandHandler
	void handle(MarkReauthorizationNeededCommand command) {
		requireLive(command.orgId());
		if (this.grant != null && !this.reauthorizationNeeded
				&& this.grant.fingerprint().equals(command.grantFingerprint())) {
			apply(new ReauthorizationNeededEvent(this.orgId, this.connectionId, command.grantFingerprint(),
					command.reason()));
		}
	}

	@CommandHandler
	void handle(RefreshConnectionToolsCommand command) {
		requireLive(command.orgId());
		List<OperationDefinition> operations = (command.operations() != null) ? command.operations() : List.of();
		if (!operations.equals(this.tools)) {
			apply(new ConnectionToolsRefreshedEvent(this.orgId, this.connectionId, operations));
		}
	}

	@CommandHandler
	void handle(DeleteConnectionCommand command) {
		requireSameOrganization(command.orgId());
		if (!this.deleted) {
			apply(new ConnectionDeletedEvent(this.orgId, this.connectionId, this.label,
					(this.grant != null) ? this.grant.vaultRef() : null));
		}
	}

	private static void requireLabelFree(AdvertisedNamespace namespace, String orgId, String label, String ownerId) {
		String problem = NamingRules.prefixProblem(label);
		if (problem != null) {
			throw new CommandRejectedException(ConnectionErrorCode.INVALID_LABEL, problem);
		}
		if (namespace.isTaken(orgId, AdvertisedNamespace.Space.PREFIX, label, ownerId)) {
			throw new CommandRejectedException(ConnectionErrorCode.LABEL_TAKEN, "label '" + label
					+ "' is already used by a connection or a toolbox of this organisation; choose another label");
		}
	}

	private void requireLive(String orgId) {
		requireSameOrganization(orgId);
		if (this.deleted) {
			throw new CommandRejectedException(ConnectionErrorCode.CONNECTION_DELETED,
					"connection '" + this.label + "' was deleted; create a new connection");
		}
	}

	private void requireSameOrganization(String orgId) {
		if (!this.orgId.equals(orgId)) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no connection '" + this.connectionId + "' in organisation '" + orgId + "'");
		}
	}

	@EventSourcingHandler
	void on(ConnectionCreatedEvent event) {
		this.connectionId = event.connectionId();
		this.orgId = event.orgId();
		this.label = event.label();
	}

	@EventSourcingHandler
	void on(ConnectionRelabeledEvent event) {
		this.label = event.to();
	}

	@EventSourcingHandler
	void on(GrantStoredEvent event) {
		this.grant = event.grant();
		this.reauthorizationNeeded = false;
	}

	@EventSourcingHandler
	void on(GrantRotatedEvent event) {
		this.grant = event.grant();
		this.reauthorizationNeeded = false;
	}

	@EventSourcingHandler
	void on(ReauthorizationNeededEvent event) {
		this.reauthorizationNeeded = true;
	}

	@EventSourcingHandler
	void on(GrantRevokedEvent event) {
		this.grant = null;
	}

	@EventSourcingHandler
	void on(ConnectionToolsRefreshedEvent event) {
		this.tools = event.operations();
	}

	@EventSourcingHandler
	void on(ConnectionDeletedEvent event) {
		this.deleted = true;
		this.grant = null;
	}

}
