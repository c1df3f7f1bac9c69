package io.quiver.command.connection;

import io.quiver.command.LookupTableIntegrationTest;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;

import static io.quiver.command.connection.ConnectionEvents.ORG_ID;
import static io.quiver.command.connection.ConnectionEvents.OTHER_ORG_ID;
import static io.quiver.command.connection.ConnectionEvents.created;
import static io.quiver.command.connection.ConnectionEvents.deleted;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The connection registry counts an organisation's live connections per connector, so
 * that a custom connector still in use is not unregistered.
 */
@Import(ConnectionRegistry.class)
class ConnectionRegistryIntegrationTest extends LookupTableIntegrationTest {

	@Autowired
	private ConnectionRegistry registry;

	@Test
	void givenNoConnections_whenCounted_thenZero() {
		assertThat(this.registry.countOnConnector(ORG_ID, "acme-wiki")).isZero();
	}

	@Test
	void givenConnections_whenCounted_thenOnlyThisOrganizationsOnThatConnectorCount() {
		this.registry.on(created("c-wiki-1", "acme-wiki", "wiki-eng"));
		this.registry.on(created("c-wiki-2", "acme-wiki", "wiki-sales"));
		this.registry.on(created("c-notion", "notion", "notion-legal"));
		this.registry.on(new ConnectionCreatedEvent(OTHER_ORG_ID, "c-globex-wiki", "acme-wiki", "wiki", "m-x"));

		assertThat(this.registry.countOnConnector(ORG_ID, "acme-wiki")).isEqualTo(2);
		assertThat(this.registry.countOnConnector(ORG_ID, "notion")).isEqualTo(1);
		assertThat(this.registry.countOnConnector(OTHER_ORG_ID, "acme-wiki")).isEqualTo(1);
	}

	@Test
	void givenConnections_whenOneDeleted_thenItNoLongerCounts() {
		this.registry.on(created("c-wiki-1", "acme-wiki", "wiki-eng"));
		this.registry.on(created("c-wiki-2", "acme-wiki", "wiki-sales"));

		this.registry.on(deleted("c-wiki-1", "wiki-eng", null));

		assertThat(this.registry.countOnConnector(ORG_ID, "acme-wiki")).isEqualTo(1);
		assertThat(this.jdbc.queryForList("SELECT connection_id FROM connection_registry WHERE org_id = ?",
				String.class, ORG_ID))
			.containsExactly("c-wiki-2");
	}

	@Test
	void givenLastConnection_whenDeleted_thenTheConnectorIsFree() {
		this.registry.on(created("c-wiki-1", "acme-wiki", "wiki-eng"));

		this.registry.on(deleted("c-wiki-1", "wiki-eng", "vault/acme/c-wiki-1/1"));

		assertThat(this.registry.countOnConnector(ORG_ID, "acme-wiki")).isZero();
	}

}
