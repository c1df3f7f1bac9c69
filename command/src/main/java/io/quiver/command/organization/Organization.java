package io.quiver.command.organization;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.quiver.command.catalog.api.CatalogErrorCode;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.command.catalog.api.OAuthClientSetEvent;
import io.quiver.command.catalog.api.SetOAuthClientCommand;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.catalog.api.RegisterConnectorCommand;
import io.quiver.command.catalog.api.UnregisterConnectorCommand;
import io.quiver.command.connection.ConnectionRegistry;
import io.quiver.command.organization.api.ChangeOrganizationSettingsCommand;
import io.quiver.command.organization.api.ConfigureIdentityProviderCommand;
import io.quiver.command.organization.api.IdentityProviderConfiguredEvent;
import io.quiver.command.organization.api.CreateOrganizationCommand;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationErrorCode;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.organization.api.OrganizationSettingsChangedEvent;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.command.shared.api.TextField;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * An organisation: its settings and its catalog of custom connectors.
 * <p>
 * Invariants:
 * <ul>
 * <li>a custom connector's id is not a curated connector's id and is registered once
 * (SPEC R4.1);</li>
 * <li>a curated connector cannot be unregistered; a custom one cannot while connections
 * use it;</li>
 * <li>settings stay in range; setting them to what they are emits nothing;</li>
 * <li>an identity provider names an http(s) issuer, a client id and a vault reference to
 * its secret (SPEC R14.4).</li>
 * </ul>
 * The organisation id is its aggregate id (R1.4: everything else belongs to exactly one).
 */
@Aggregate
public class Organization {

	@AggregateIdentifier
	private String orgId;

	private OrganizationSettings settings;

	private final Set<String> registeredConnectors = new HashSet<>();

	/** Connector id to the vault ref of its OAuth client's secret. */
	private final Map<String, String> oauthClientSecrets = new HashMap<>();

	protected Organization() {
	}

	@CommandHandler
	public Organization(CreateOrganizationCommand command) {
		if (!OperationRef.isValidConnectorId(command.orgId())) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "organisation id '" + command.orgId()
					+ "' is not valid: lower-case letters, digits and '-', at most 40 characters");
		}
		if (command.name() == null || command.name().isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "an organisation needs a name");
		}
		TextField.singleLine("name", command.name(), 200);
		apply(new OrganizationCreatedEvent(command.orgId(), command.name(), OrganizationSettings.DEFAULT));
	}

	@CommandHandler
	void handle(ChangeOrganizationSettingsCommand command) {
		OrganizationSettings next;
		try {
			next = new OrganizationSettings(
					Objects.requireNonNullElse(command.collapseThreshold(), this.settings.collapseThreshold()),
					Objects.requireNonNullElse(command.outbound(), this.settings.outbound()),
					Objects.requireNonNullElse(command.scopeCaps(), this.settings.scopeCaps()),
					Objects.requireNonNullElse(command.callsPerMinutePerMember(),
							this.settings.callsPerMinutePerMember()),
					Objects.requireNonNullElse(command.callsPerMinutePerConnection(),
							this.settings.callsPerMinutePerConnection()),
					Objects.requireNonNullElse(command.semanticSearch(), this.settings.semanticSearch()));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(OrganizationErrorCode.INVALID_SETTINGS, ex.getMessage());
		}
		if (!next.equals(this.settings)) {
			apply(new OrganizationSettingsChangedEvent(this.orgId, this.settings, next));
		}
	}

	@CommandHandler
	void handle(ConfigureIdentityProviderCommand command) {
		if (command.issuer() == null
				|| !command.issuer().startsWith("https://") && !command.issuer().startsWith("http://")
				|| command.issuer().length() > 2000) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"issuer must be the identity provider's http(s) issuer URL");
		}
		if (command.clientId() == null || command.clientId().isBlank() || command.clientId().length() > 255
				|| command.clientSecretRef() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"an identity provider needs a client id (at most 255 characters) and a client secret");
		}
		String claim = (command.subjectClaim() != null && !command.subjectClaim().isBlank()) ? command.subjectClaim()
				: "sub";
		apply(new IdentityProviderConfiguredEvent(this.orgId, command.issuer(), command.clientId(),
				command.clientSecretRef(), claim, command.allowedEmailDomains()));
	}

	@CommandHandler
	void handle(RegisterConnectorCommand command, CuratedCatalog curated) {
		String id = command.connector().id();
		requireNotCurated(curated, id, "register a connector under id");
		if (this.registeredConnectors.contains(id)) {
			throw new CommandRejectedException(CatalogErrorCode.CONNECTOR_EXISTS,
					"connector '" + id + "' is already registered; unregister it first or choose another id");
		}
		apply(new ConnectorRegisteredEvent(this.orgId, command.connector()));
	}

	@CommandHandler
	void handle(UnregisterConnectorCommand command, CuratedCatalog curated, ConnectionRegistry connections) {
		String id = command.connectorId();
		requireNotCurated(curated, id, "unregister");
		if (!this.registeredConnectors.contains(id)) {
			throw new CommandRejectedException(CatalogErrorCode.CONNECTOR_NOT_FOUND,
					"no registered connector '" + id + "' in this organisation");
		}
		int inUse = connections.countOnConnector(this.orgId, id);
		if (inUse > 0) {
			throw new CommandRejectedException(CatalogErrorCode.CONNECTOR_IN_USE, "connector '" + id + "' still has "
					+ inUse + " connection(s); delete them before unregistering the connector");
		}
		apply(new ConnectorUnregisteredEvent(this.orgId, id));
	}

	@CommandHandler
	void handle(SetOAuthClientCommand command, CuratedCatalog curated) {
		String id = command.connectorId();
		if (id == null || !(curated.contains(id) || this.registeredConnectors.contains(id))) {
			throw new CommandRejectedException(CatalogErrorCode.CONNECTOR_NOT_FOUND,
					"no connector '" + id + "' in this organisation's catalog; see quiver__catalog__browse");
		}
		String clientId = command.clientId();
		if (clientId == null || clientId.isBlank() || clientId.length() > 255
				|| clientId.chars().anyMatch((c) -> c < ' ')) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"an OAuth client needs a client id of at most 255 characters");
		}
		apply(new OAuthClientSetEvent(this.orgId, id, clientId, command.clientSecretRef(),
				this.oauthClientSecrets.get(id)));
	}

	private static void requireNotCurated(CuratedCatalog curated, String id, String action) {
		if (curated.contains(id)) {
			throw new CommandRejectedException(CatalogErrorCode.CURATED_CONNECTOR,
					"'" + id + "' is a curated connector that ships with Quiver; cannot " + action + " '" + id + "'");
		}
	}

	@EventSourcingHandler
	void on(OrganizationCreatedEvent event) {
		this.orgId = event.orgId();
		this.settings = event.settings();
	}

	@EventSourcingHandler
	void on(OrganizationSettingsChangedEvent event) {
		this.settings = event.after();
	}

	@EventSourcingHandler
	void on(ConnectorRegisteredEvent event) {
		this.registeredConnectors.add(event.connector().id());
	}

	@EventSourcingHandler
	void on(ConnectorUnregisteredEvent event) {
		this.registeredConnectors.remove(event.connectorId());
	}

	@EventSourcingHandler
	void on(OAuthClientSetEvent event) {
		if (event.clientSecretRef() != null) {
			this.oauthClientSecrets.put(event.connectorId(), event.clientSecretRef());
		}
		else {
			this.oauthClientSecrets.remove(event.connectorId());
		}
	}

}
