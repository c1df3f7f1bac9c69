package io.quiver.command.organization;

import java.util.Map;

import io.quiver.command.catalog.api.CatalogErrorCode;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.catalog.api.OAuthClientSetEvent;
import io.quiver.command.catalog.api.RegisterConnectorCommand;
import io.quiver.command.catalog.api.SetOAuthClientCommand;
import io.quiver.command.catalog.api.UnregisterConnectorCommand;
import io.quiver.command.connection.ConnectionRegistry;
import io.quiver.command.organization.api.ChangeOrganizationSettingsCommand;
import io.quiver.command.organization.api.CreateOrganizationCommand;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationErrorCode;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.organization.api.OrganizationSettingsChangedEvent;
import io.quiver.command.organization.api.OutboundPolicy;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.quiver.command.organization.OrganizationEvents.CUSTOM_CONNECTOR_ID;
import static io.quiver.command.organization.OrganizationEvents.ORG_ID;
import static io.quiver.command.organization.OrganizationEvents.ORG_NAME;
import static io.quiver.command.organization.OrganizationEvents.connectorRegistered;
import static io.quiver.command.organization.OrganizationEvents.connectorUnregistered;
import static io.quiver.command.organization.OrganizationEvents.created;
import static io.quiver.command.organization.OrganizationEvents.customConnector;
import static io.quiver.command.shared.Refusals.rejectedWith;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

class OrganizationTest {

	private FixtureConfiguration<Organization> fixture;

	private ConnectionRegistry connections;

	@BeforeEach
	void setUp() {
		this.connections = mock(ConnectionRegistry.class);
		this.fixture = new AggregateTestFixture<>(Organization.class);
		this.fixture.registerInjectableResource(new CuratedCatalog());
		this.fixture.registerInjectableResource(this.connections);
	}

	@Test
	void givenNothing_whenCreateOrganization_thenCreatedWithDefaultSettings() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateOrganizationCommand(ORG_ID, ORG_NAME))
			.expectEvents(new OrganizationCreatedEvent(ORG_ID, ORG_NAME, OrganizationSettings.DEFAULT));
	}

	@Test
	void givenNothing_whenCreateOrganizationWithInvalidId_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateOrganizationCommand("Acme Corp", ORG_NAME))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("organisation id 'Acme Corp' is not valid"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateOrganizationWithoutName_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateOrganizationCommand(ORG_ID, " "))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("needs a name"))
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenChangeSettings_thenSettingsChangedWithBeforeAndAfter() {
		OutboundPolicy outbound = new OutboundPolicy(10_000, 65_536);

		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, 12, outbound))
			.expectEvents(new OrganizationSettingsChangedEvent(ORG_ID, OrganizationSettings.DEFAULT,
					new OrganizationSettings(12, outbound)));
	}

	@Test
	void givenOrganization_whenChangeOnlyCollapseThreshold_thenOtherSettingsKept() {
		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, 50, null))
			.expectEvents(new OrganizationSettingsChangedEvent(ORG_ID, OrganizationSettings.DEFAULT,
					new OrganizationSettings(50, OutboundPolicy.DEFAULT)));
	}

	@Test
	void givenChangedSettings_whenChangeAgain_thenBeforeIsThePreviousChange() {
		OrganizationSettings fifty = new OrganizationSettings(50, OutboundPolicy.DEFAULT);

		this.fixture.given(created(), new OrganizationSettingsChangedEvent(ORG_ID, OrganizationSettings.DEFAULT, fifty))
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, 5, null))
			.expectEvents(new OrganizationSettingsChangedEvent(ORG_ID, fifty,
					new OrganizationSettings(5, OutboundPolicy.DEFAULT)));
	}

	@Test
	void givenOrganization_whenChangeSettingsToCurrentValues_thenNoEvents() {
		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, OrganizationSettings.DEFAULT_COLLAPSE_THRESHOLD,
					OutboundPolicy.DEFAULT))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenChangeSettingsWithNothing_thenNoEvents() {
		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, null, null))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenCollapseThresholdOutOfRange_thenInvalidSettings() {
		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, 10_001, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(OrganizationErrorCode.INVALID_SETTINGS))
			.expectExceptionMessage(containsString("collapseThreshold must be between 0 and 10000"))
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenChangeRateLimits_thenSettingsChangedWithTheOtherSettingsKept() {
		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, null, null, null, 120, 600))
			.expectEvents(new OrganizationSettingsChangedEvent(ORG_ID, OrganizationSettings.DEFAULT,
					new OrganizationSettings(OrganizationSettings.DEFAULT_COLLAPSE_THRESHOLD, OutboundPolicy.DEFAULT,
							Map.of(), 120, 600)));
	}

	@Test
	void givenOrganization_whenRateLimitNegative_thenInvalidSettings() {
		this.fixture.given(created())
			.when(new ChangeOrganizationSettingsCommand(ORG_ID, null, null, null, -1, null))
			.expectException(rejectedWith(OrganizationErrorCode.INVALID_SETTINGS))
			.expectExceptionMessage(containsString("callsPerMinutePerMember must be between 0 (no limit) and"))
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenRegisterCustomConnector_thenConnectorRegistered() {
		this.fixture.given(created())
			.when(new RegisterConnectorCommand(ORG_ID, customConnector(CUSTOM_CONNECTOR_ID)))
			.expectEvents(new ConnectorRegisteredEvent(ORG_ID, customConnector(CUSTOM_CONNECTOR_ID)));
	}

	@Test
	void givenOrganization_whenRegisterConnectorUnderCuratedId_thenCuratedConnector() {
		this.fixture.given(created())
			.when(new RegisterConnectorCommand(ORG_ID, customConnector("notion")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CatalogErrorCode.CURATED_CONNECTOR))
			.expectExceptionMessage(containsString("'notion' is a curated connector"))
			.expectNoEvents();
	}

	@Test
	void givenRegisteredConnector_whenRegisterSameIdAgain_thenConnectorExists() {
		this.fixture.given(created(), connectorRegistered())
			.when(new RegisterConnectorCommand(ORG_ID, customConnector(CUSTOM_CONNECTOR_ID)))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CatalogErrorCode.CONNECTOR_EXISTS))
			.expectExceptionMessage(containsString("connector 'acme-wiki' is already registered"))
			.expectNoEvents();
	}

	@Test
	void givenUnregisteredConnector_whenRegisterSameIdAgain_thenConnectorRegistered() {
		this.fixture.given(created(), connectorRegistered(), connectorUnregistered())
			.when(new RegisterConnectorCommand(ORG_ID, customConnector(CUSTOM_CONNECTOR_ID)))
			.expectEvents(connectorRegistered());
	}

	@Test
	void givenRegisteredConnectorWithoutConnections_whenUnregister_thenConnectorUnregistered() {
		given(this.connections.countOnConnector(ORG_ID, CUSTOM_CONNECTOR_ID)).willReturn(0);

		this.fixture.given(created(), connectorRegistered())
			.when(new UnregisterConnectorCommand(ORG_ID, CUSTOM_CONNECTOR_ID))
			.expectEvents(new ConnectorUnregisteredEvent(ORG_ID, CUSTOM_CONNECTOR_ID));
	}

	@Test
	void givenRegisteredConnectorWithConnections_whenUnregister_thenConnectorInUse() {
		given(this.connections.countOnConnector(ORG_ID, CUSTOM_CONNECTOR_ID)).willReturn(2);

		this.fixture.given(created(), connectorRegistered())
			.when(new UnregisterConnectorCommand(ORG_ID, CUSTOM_CONNECTOR_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CatalogErrorCode.CONNECTOR_IN_USE))
			.expectExceptionMessage(containsString("still has 2 connection(s)"))
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenUnregisterUnknownConnector_thenConnectorNotFound() {
		this.fixture.given(created())
			.when(new UnregisterConnectorCommand(ORG_ID, CUSTOM_CONNECTOR_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CatalogErrorCode.CONNECTOR_NOT_FOUND))
			.expectExceptionMessage(containsString("no registered connector 'acme-wiki'"))
			.expectNoEvents();
	}

	@Test
	void givenOrganization_whenUnregisterCuratedConnector_thenCuratedConnector() {
		this.fixture.given(created())
			.when(new UnregisterConnectorCommand(ORG_ID, "github"))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CatalogErrorCode.CURATED_CONNECTOR))
			.expectExceptionMessage(containsString("cannot unregister 'github'"))
			.expectNoEvents();
	}

	@Test
	void givenCuratedConnector_whenOAuthClientSetTwice_thenTheSecondEventNamesTheSecretItReplaces() {
		this.fixture.given(created())
			.when(new SetOAuthClientCommand(ORG_ID, "github", "client-1", "vault-1"))
			.expectEvents(new OAuthClientSetEvent(ORG_ID, "github", "client-1", "vault-1", null));
		this.fixture.given(created(), new OAuthClientSetEvent(ORG_ID, "github", "client-1", "vault-1", null))
			.when(new SetOAuthClientCommand(ORG_ID, "github", "client-2", "vault-2"))
			.expectEvents(new OAuthClientSetEvent(ORG_ID, "github", "client-2", "vault-2", "vault-1"));
	}

	@Test
	void givenUnknownConnectorOrBlankClient_whenOAuthClientSet_thenRefused() {
		this.fixture.given(created())
			.when(new SetOAuthClientCommand(ORG_ID, "no-such-connector", "client-1", null))
			.expectException(CommandRejectedException.class)
			.expectNoEvents();
		this.fixture.given(created())
			.when(new SetOAuthClientCommand(ORG_ID, "github", " ", null))
			.expectException(CommandRejectedException.class)
			.expectNoEvents();
	}

}
