package io.quiver.command.connection;

import java.util.List;

import io.quiver.command.connection.api.ConnectionAuthorizationPendingEvent;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.CreateConnectionCommand;
import io.quiver.command.connection.api.DeleteConnectionCommand;
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
import io.quiver.command.naming.AdvertisedNamespace.Space;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.quiver.command.connection.ConnectionEvents.CONNECTION_ID;
import static io.quiver.command.connection.ConnectionEvents.CONNECTOR_ID;
import static io.quiver.command.connection.ConnectionEvents.GRANT;
import static io.quiver.command.connection.ConnectionEvents.LABEL;
import static io.quiver.command.connection.ConnectionEvents.ORG_ID;
import static io.quiver.command.connection.ConnectionEvents.OTHER_ORG_ID;
import static io.quiver.command.connection.ConnectionEvents.OWNER_ID;
import static io.quiver.command.connection.ConnectionEvents.ROTATED_GRANT;
import static io.quiver.command.connection.ConnectionEvents.created;
import static io.quiver.command.connection.ConnectionEvents.deleted;
import static io.quiver.command.connection.ConnectionEvents.grantRevoked;
import static io.quiver.command.connection.ConnectionEvents.grantRotated;
import static io.quiver.command.connection.ConnectionEvents.grantStored;
import static io.quiver.command.connection.ConnectionEvents.importedTool;
import static io.quiver.command.connection.ConnectionEvents.relabeled;
import static io.quiver.command.connection.ConnectionEvents.toolsRefreshed;
import static io.quiver.command.shared.Refusals.rejectedWith;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

class ConnectionTest {

	private FixtureConfiguration<Connection> fixture;

	private AdvertisedNamespace namespace;

	@BeforeEach
	void setUp() {
		this.namespace = mock(AdvertisedNamespace.class);
		this.fixture = new AggregateTestFixture<>(Connection.class);
		this.fixture.registerInjectableResource(this.namespace);
	}

	private void labelTaken(String label) {
		given(this.namespace.isTaken(ORG_ID, Space.PREFIX, label, CONNECTION_ID)).willReturn(true);
	}

	@Test
	void givenNothing_whenCreateWithoutGrant_thenConnectionCreated() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, LABEL, OWNER_ID, null, null))
			.expectEvents(new ConnectionCreatedEvent(ORG_ID, CONNECTION_ID, CONNECTOR_ID, LABEL, OWNER_ID));
	}

	@Test
	void givenNothing_whenCreateWithGrant_thenConnectionCreatedAndGrantStored() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, LABEL, OWNER_ID, GRANT, null))
			.expectEvents(new ConnectionCreatedEvent(ORG_ID, CONNECTION_ID, CONNECTOR_ID, LABEL, OWNER_ID),
					new GrantStoredEvent(ORG_ID, CONNECTION_ID, GRANT));
	}

	@Test
	void givenNothing_whenCreateWithImportedTools_thenConnectionCreatedWithItsTools() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, LABEL, OWNER_ID, GRANT,
					List.of(importedTool("search"))))
			.expectEvents(new ConnectionCreatedEvent(ORG_ID, CONNECTION_ID, CONNECTOR_ID, LABEL, OWNER_ID),
					new GrantStoredEvent(ORG_ID, CONNECTION_ID, GRANT),
					new ConnectionToolsRefreshedEvent(ORG_ID, CONNECTION_ID, List.of(importedTool("search"))));
	}

	@Test
	void givenLabelTaken_whenCreate_thenLabelTaken() {
		labelTaken(LABEL);

		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, LABEL, OWNER_ID, GRANT, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.LABEL_TAKEN))
			.expectExceptionMessage(containsString("label 'notion-legal' is already used"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithUpperCaseLabel_thenInvalidLabel() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, "Notion-Legal", OWNER_ID, null,
					null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.INVALID_LABEL))
			.expectExceptionMessage(containsString("'Notion-Legal' is not a valid name"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithUnderscoreLabel_thenInvalidLabel() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, "notion_legal", OWNER_ID, null,
					null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.INVALID_LABEL))
			.expectExceptionMessage(containsString("lower-case letters, digits and '-'"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithLabelOf31Characters_thenInvalidLabel() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, "notion-marketing-emea-archive12",
					OWNER_ID, null, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.INVALID_LABEL))
			.expectExceptionMessage(containsString("1 to 30"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithReservedLabel_thenInvalidLabel() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, "quiver", OWNER_ID, null, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.INVALID_LABEL))
			.expectExceptionMessage(containsString("'quiver' is reserved"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithoutConnector_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, null, LABEL, OWNER_ID, null, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("needs a connector and an owner"))
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenRelabel_thenRelabeledFromOldToNew() {
		this.fixture.given(created())
			.when(new RelabelConnectionCommand(CONNECTION_ID, ORG_ID, "notion-hr"))
			.expectEvents(new ConnectionRelabeledEvent(ORG_ID, CONNECTION_ID, LABEL, "notion-hr"));
	}

	@Test
	void givenRelabeledConnection_whenRelabelAgain_thenFromIsTheCurrentLabel() {
		this.fixture.given(created(), relabeled(LABEL, "notion-hr"))
			.when(new RelabelConnectionCommand(CONNECTION_ID, ORG_ID, "notion-people"))
			.expectEvents(relabeled("notion-hr", "notion-people"));
	}

	@Test
	void givenConnection_whenRelabelToCurrentLabel_thenNoEvents() {
		labelTaken(LABEL);

		this.fixture.given(created())
			.when(new RelabelConnectionCommand(CONNECTION_ID, ORG_ID, LABEL))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenRelabelToTakenLabel_thenLabelTaken() {
		labelTaken("notion-hr");

		this.fixture.given(created())
			.when(new RelabelConnectionCommand(CONNECTION_ID, ORG_ID, "notion-hr"))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.LABEL_TAKEN))
			.expectExceptionMessage(containsString("label 'notion-hr' is already used"))
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenRelabelToInvalidLabel_thenInvalidLabel() {
		this.fixture.given(created())
			.when(new RelabelConnectionCommand(CONNECTION_ID, ORG_ID, "notion hr"))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.INVALID_LABEL))
			.expectExceptionMessage(containsString("'notion hr' is not a valid name"))
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenRelabelNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new RelabelConnectionCommand(CONNECTION_ID, OTHER_ORG_ID, "notion-hr"))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no connection 'c-notion-legal' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedConnection_whenRelabel_thenConnectionDeleted() {
		this.fixture.given(created(), deleted(null))
			.when(new RelabelConnectionCommand(CONNECTION_ID, ORG_ID, "notion-hr"))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.CONNECTION_DELETED))
			.expectExceptionMessage(containsString("was deleted; create a new connection"))
			.expectNoEvents();
	}

	@Test
	void givenConnectionWithoutGrant_whenStoreGrant_thenGrantStored() {
		this.fixture.given(created())
			.when(new StoreGrantCommand(CONNECTION_ID, ORG_ID, GRANT))
			.expectEvents(new GrantStoredEvent(ORG_ID, CONNECTION_ID, GRANT));
	}

	@Test
	void givenConnectionWithGrant_whenStoreAnotherGrant_thenGrantRotatedNamingThePreviousSecret() {
		this.fixture.given(created(), grantStored())
			.when(new StoreGrantCommand(CONNECTION_ID, ORG_ID, ROTATED_GRANT))
			.expectEvents(new GrantRotatedEvent(ORG_ID, CONNECTION_ID, GRANT.vaultRef(), ROTATED_GRANT));
	}

	@Test
	void givenConnectionWithGrant_whenStoreSameGrant_thenNoEvents() {
		this.fixture.given(created(), grantStored())
			.when(new StoreGrantCommand(CONNECTION_ID, ORG_ID, GRANT))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenRevokedGrant_whenStoreGrant_thenGrantStored() {
		this.fixture.given(created(), grantStored(), grantRevoked(GRANT))
			.when(new StoreGrantCommand(CONNECTION_ID, ORG_ID, ROTATED_GRANT))
			.expectEvents(new GrantStoredEvent(ORG_ID, CONNECTION_ID, ROTATED_GRANT));
	}

	@Test
	void givenConnection_whenStoreNoGrant_thenInvalidInput() {
		this.fixture.given(created())
			.when(new StoreGrantCommand(CONNECTION_ID, ORG_ID, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("needs a grant"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedConnection_whenStoreGrant_thenConnectionDeleted() {
		this.fixture.given(created(), deleted(null))
			.when(new StoreGrantCommand(CONNECTION_ID, ORG_ID, GRANT))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.CONNECTION_DELETED))
			.expectExceptionMessage(containsString("was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenRotatedGrant_whenRevoke_thenTheCurrentSecretIsRevoked() {
		this.fixture.given(created(), grantStored(), grantRotated())
			.when(new RevokeGrantCommand(CONNECTION_ID, ORG_ID))
			.expectEvents(new GrantRevokedEvent(ORG_ID, CONNECTION_ID, ROTATED_GRANT.vaultRef()));
	}

	@Test
	void givenConnectionWithoutGrant_whenRevoke_thenNoEvents() {
		this.fixture.given(created())
			.when(new RevokeGrantCommand(CONNECTION_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenRevokedGrant_whenRevokeAgain_thenNoEvents() {
		this.fixture.given(created(), grantStored(), grantRevoked(GRANT))
			.when(new RevokeGrantCommand(CONNECTION_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenRevokeNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created(), grantStored())
			.when(new RevokeGrantCommand(CONNECTION_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenRefreshTools_thenToolsRefreshed() {
		this.fixture.given(created())
			.when(new RefreshConnectionToolsCommand(CONNECTION_ID, ORG_ID,
					List.of(importedTool("search"), importedTool("fetch"))))
			.expectEvents(new ConnectionToolsRefreshedEvent(ORG_ID, CONNECTION_ID,
					List.of(importedTool("search"), importedTool("fetch"))));
	}

	@Test
	void givenRefreshedTools_whenRefreshWithTheSameTools_thenNoEvents() {
		this.fixture.given(created(), toolsRefreshed(List.of(importedTool("search"))))
			.when(new RefreshConnectionToolsCommand(CONNECTION_ID, ORG_ID, List.of(importedTool("search"))))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenRefreshedTools_whenUpstreamListsNothing_thenToolsRefreshedToEmpty() {
		this.fixture.given(created(), toolsRefreshed(List.of(importedTool("search"))))
			.when(new RefreshConnectionToolsCommand(CONNECTION_ID, ORG_ID, null))
			.expectEvents(toolsRefreshed(List.of()));
	}

	@Test
	void givenDeletedConnection_whenRefreshTools_thenConnectionDeleted() {
		this.fixture.given(created(), deleted(null))
			.when(new RefreshConnectionToolsCommand(CONNECTION_ID, ORG_ID, List.of(importedTool("search"))))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.CONNECTION_DELETED))
			.expectExceptionMessage(containsString("was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenConnectionWithGrant_whenDelete_thenDeletedNamingTheSecretToErase() {
		this.fixture.given(created(), grantStored())
			.when(new DeleteConnectionCommand(CONNECTION_ID, ORG_ID))
			.expectEvents(new ConnectionDeletedEvent(ORG_ID, CONNECTION_ID, LABEL, GRANT.vaultRef()));
	}

	@Test
	void givenRelabeledConnectionWithoutGrant_whenDelete_thenDeletedWithCurrentLabel() {
		this.fixture.given(created(), relabeled(LABEL, "notion-hr"))
			.when(new DeleteConnectionCommand(CONNECTION_ID, ORG_ID))
			.expectEvents(new ConnectionDeletedEvent(ORG_ID, CONNECTION_ID, "notion-hr", null));
	}

	@Test
	void givenDeletedConnection_whenDelete_thenNoEvents() {
		this.fixture.given(created(), grantStored(), deleted(GRANT.vaultRef()))
			.when(new DeleteConnectionCommand(CONNECTION_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenDeleteNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new DeleteConnectionCommand(CONNECTION_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no connection 'c-notion-legal' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedConnection_whenRevoke_thenConnectionDeleted() {
		this.fixture.given(created(), grantStored(), deleted(GRANT.vaultRef()))
			.when(new RevokeGrantCommand(CONNECTION_ID, ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ConnectionErrorCode.CONNECTION_DELETED))
			.expectExceptionMessage(containsString("was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenConnection_whenStoreGrantNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new StoreGrantCommand(CONNECTION_ID, OTHER_ORG_ID, GRANT))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateAwaitingAuthorization_thenPendingAuthorizationRecorded() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateConnectionCommand(CONNECTION_ID, ORG_ID, CONNECTOR_ID, LABEL, OWNER_ID, null, List.of(),
					true))
			.expectEvents(new ConnectionCreatedEvent(ORG_ID, CONNECTION_ID, CONNECTOR_ID, LABEL, OWNER_ID),
					new ConnectionAuthorizationPendingEvent(ORG_ID, CONNECTION_ID));
	}

	@Test
	void givenGrant_whenMarkedForItsFingerprint_thenReauthorizationNeededOnce() {
		this.fixture.given(created(), grantStored())
			.when(new MarkReauthorizationNeededCommand(CONNECTION_ID, ORG_ID, GRANT.fingerprint(), "invalid_grant"))
			.expectEvents(new ReauthorizationNeededEvent(ORG_ID, CONNECTION_ID, GRANT.fingerprint(), "invalid_grant"));
		this.fixture
			.given(created(), grantStored(),
					new ReauthorizationNeededEvent(ORG_ID, CONNECTION_ID, GRANT.fingerprint(), "invalid_grant"))
			.when(new MarkReauthorizationNeededCommand(CONNECTION_ID, ORG_ID, GRANT.fingerprint(), "invalid_grant"))
			.expectNoEvents();
	}

	@Test
	void givenRotatedGrant_whenMarkedForTheOldFingerprint_thenNothingChanges() {
		this.fixture.given(created(), grantStored(), grantRotated())
			.when(new MarkReauthorizationNeededCommand(CONNECTION_ID, ORG_ID, GRANT.fingerprint(), "invalid_grant"))
			.expectNoEvents();
	}

	@Test
	void givenReauthorizationNeeded_whenANewGrantIsStored_thenItRotatesAndCanBeMarkedAgain() {
		this.fixture
			.given(created(), grantStored(),
					new ReauthorizationNeededEvent(ORG_ID, CONNECTION_ID, GRANT.fingerprint(), "invalid_grant"),
					grantRotated())
			.when(new MarkReauthorizationNeededCommand(CONNECTION_ID, ORG_ID, ROTATED_GRANT.fingerprint(),
					"invalid_grant"))
			.expectEvents(new ReauthorizationNeededEvent(ORG_ID, CONNECTION_ID, ROTATED_GRANT.fingerprint(),
					"invalid_grant"));
	}

}
