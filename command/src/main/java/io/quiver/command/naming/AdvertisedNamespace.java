package io.quiver.command.naming;

import java.util.Locale;

import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxErrorCode;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Command-side lookup table of the names an organisation advertises (SPEC R4.4), kept by
 * a subscribing processor in the transaction that stores the event, with a unique key per
 * organisation and space. Two spaces:
 * <ul>
 * <li>{@link Space#PREFIX}: connection labels and toolbox names. Every connected tool is
 * advertised as {@code {prefix}__{operation}}, so one prefix namespace makes those names
 * unique;</li>
 * <li>{@link Space#TOOL}: the advertised names of toolbox entries.</li>
 * </ul>
 * Names are compared case-insensitively, so {@code Notion-Legal} cannot shadow
 * {@code notion-legal}. Two commands claiming one name at once: the second insert
 * violates the key and its command is rolled back with a clear refusal.
 */
@Component
@ProcessingGroup(AdvertisedNamespace.PROCESSING_GROUP)
public class AdvertisedNamespace {

	public static final String PROCESSING_GROUP = "advertised-namespace";

	private final JdbcTemplate jdbc;

	public AdvertisedNamespace(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Whether the name is taken in the space by something other than {@code ownerId}. */
	public boolean isTaken(String orgId, Space space, String name, String ownerId) {
		Integer n = this.jdbc.queryForObject(
				"SELECT count(*) FROM advertised_namespace WHERE org_id = ? AND space = ? AND name_key = ? AND owner_id <> ?",
				Integer.class, orgId, space.name(), key(name), ownerId);
		return n != null && n > 0;
	}

	@EventHandler
	void on(ConnectionCreatedEvent event) {
		claim(event.orgId(), Space.PREFIX, event.label(), event.connectionId(), "connection");
	}

	@EventHandler
	void on(ConnectionRelabeledEvent event) {
		release(event.orgId(), Space.PREFIX, event.from());
		claim(event.orgId(), Space.PREFIX, event.to(), event.connectionId(), "connection");
	}

	@EventHandler
	void on(ConnectionDeletedEvent event) {
		release(event.orgId(), Space.PREFIX, event.label());
	}

	@EventHandler
	void on(ToolboxCreatedEvent event) {
		claim(event.orgId(), Space.PREFIX, event.name(), event.toolboxId(), "toolbox");
	}

	@EventHandler
	void on(ToolboxEntryAddedEvent event) {
		claim(event.orgId(), Space.TOOL, event.entry().advertisedName(), event.toolboxId(), "tool");
	}

	@EventHandler
	void on(ToolboxEntryUpdatedEvent event) {
		if (!key(event.before().advertisedName()).equals(key(event.after().advertisedName()))) {
			release(event.orgId(), Space.TOOL, event.before().advertisedName());
			claim(event.orgId(), Space.TOOL, event.after().advertisedName(), event.toolboxId(), "tool");
		}
	}

	@EventHandler
	void on(ToolboxEntryRemovedEvent event) {
		release(event.orgId(), Space.TOOL, event.advertisedName());
	}

	@EventHandler
	void on(ToolboxDeletedEvent event) {
		this.jdbc.update("DELETE FROM advertised_namespace WHERE org_id = ? AND owner_id = ?", event.orgId(),
				event.toolboxId());
	}

	private void claim(String orgId, Space space, String name, String ownerId, String what) {
		try {
			this.jdbc.update(
					"INSERT INTO advertised_namespace (org_id, space, name_key, name, owner_id) VALUES (?, ?, ?, ?, ?)",
					orgId, space.name(), key(name), name, ownerId);
		}
		catch (DuplicateKeyException ex) {
			if (what.equals("connection")) {
				throw new CommandRejectedException(ConnectionErrorCode.LABEL_TAKEN, "label '" + name
						+ "' is already used by a connection or a toolbox of this organisation; choose another label");
			}
			throw new CommandRejectedException(ToolboxErrorCode.NAME_TAKEN,
					"name '" + name + "' is already used in this organisation; choose another name");
		}
	}

	private void release(String orgId, Space space, String name) {
		this.jdbc.update("DELETE FROM advertised_namespace WHERE org_id = ? AND space = ? AND name_key = ?", orgId,
				space.name(), key(name));
	}

	private static String key(String name) {
		return name.toLowerCase(Locale.ROOT);
	}

	/** The two name spaces; see the class comment. */
	public enum Space {

		PREFIX, TOOL

	}

}
