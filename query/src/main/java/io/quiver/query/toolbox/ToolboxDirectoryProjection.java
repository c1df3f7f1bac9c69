package io.quiver.query.toolbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.core.type.TypeReference;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;
import io.quiver.query.support.Instants;
import io.quiver.query.support.ReadModelJson;
import io.quiver.query.toolbox.api.FindToolboxQuery;
import io.quiver.query.toolbox.api.FindToolboxesQuery;
import io.quiver.query.toolbox.api.ToolboxSummary;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * The toolbox directory: one row per toolbox with its entries and grants as JSON, table
 * {@code toolbox_directory}.
 */
@Component
@ProcessingGroup(ToolboxDirectoryProjection.PROCESSING_GROUP)
public class ToolboxDirectoryProjection {

	public static final String PROCESSING_GROUP = "toolbox-directory";

	private static final TypeReference<List<ToolboxEntry>> ENTRIES = new TypeReference<>() {
	};

	private static final TypeReference<List<String>> GRANTS = new TypeReference<>() {
	};

	private static final RowMapper<ToolboxSummary> ROW = (rs, i) -> new ToolboxSummary(rs.getString("toolbox_id"),
			rs.getString("name"), rs.getString("description"), ReadModelJson.read(rs.getString("entries"), ENTRIES),
			ReadModelJson.read(rs.getString("grants"), GRANTS), rs.getString("created_at"), rs.getString("updated_at"));

	private final JdbcTemplate jdbc;

	public ToolboxDirectoryProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(ToolboxCreatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update(
				"""
						INSERT INTO toolbox_directory (toolbox_id, org_id, name, description, entries, grants, created_at, updated_at,
						    deleted, last_seq)
						SELECT ?, ?, ?, ?, '[]', '[]', ?, ?, FALSE, ?
						WHERE NOT EXISTS (SELECT 1 FROM toolbox_directory WHERE toolbox_id = ?)""",
				event.toolboxId(), event.orgId(), event.name(), event.description(), Instants.format(at),
				Instants.format(at), seq, event.toolboxId());
	}

	@EventHandler
	void on(ToolboxEntryAddedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		changeEntries(event.toolboxId(), seq, at, (entries) -> {
			entries.removeIf((e) -> e.entryId().equals(event.entry().entryId()));
			entries.add(event.entry());
			return entries;
		});
	}

	@EventHandler
	void on(ToolboxEntryUpdatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		changeEntries(event.toolboxId(), seq, at, (entries) -> {
			entries.replaceAll((e) -> e.entryId().equals(event.after().entryId()) ? event.after() : e);
			return entries;
		});
	}

	@EventHandler
	void on(ToolboxEntryRemovedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		changeEntries(event.toolboxId(), seq, at, (entries) -> {
			entries.removeIf((e) -> e.entryId().equals(event.entryId()));
			return entries;
		});
	}

	@EventHandler
	void on(ToolboxGrantedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		changeGrants(event.toolboxId(), seq, at, (grants) -> {
			if (!grants.contains(event.target().toString())) {
				grants.add(event.target().toString());
			}
			return grants;
		});
	}

	@EventHandler
	void on(ToolboxRevokedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		changeGrants(event.toolboxId(), seq, at, (grants) -> {
			grants.remove(event.target().toString());
			return grants;
		});
	}

	@EventHandler
	void on(ToolboxDeletedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update(
				"UPDATE toolbox_directory SET deleted = TRUE, updated_at = ?, last_seq = ? WHERE toolbox_id = ? AND last_seq < ?",
				Instants.format(at), seq, event.toolboxId(), seq);
	}

	private void changeEntries(String toolboxId, long seq, Instant at, UnaryOperator<List<ToolboxEntry>> change) {
		List<String> current = this.jdbc.queryForList(
				"SELECT entries FROM toolbox_directory WHERE toolbox_id = ? AND last_seq < ?", String.class, toolboxId,
				seq);
		if (!current.isEmpty()) {
			List<ToolboxEntry> entries = new ArrayList<>(ReadModelJson.read(current.get(0), ENTRIES));
			this.jdbc.update(
					"UPDATE toolbox_directory SET entries = ?, updated_at = ?, last_seq = ? WHERE toolbox_id = ?",
					ReadModelJson.write(change.apply(entries)), Instants.format(at), seq, toolboxId);
		}
	}

	private void changeGrants(String toolboxId, long seq, Instant at, UnaryOperator<List<String>> change) {
		List<String> current = this.jdbc.queryForList(
				"SELECT grants FROM toolbox_directory WHERE toolbox_id = ? AND last_seq < ?", String.class, toolboxId,
				seq);
		if (!current.isEmpty()) {
			List<String> grants = new ArrayList<>(ReadModelJson.read(current.get(0), GRANTS));
			this.jdbc.update(
					"UPDATE toolbox_directory SET grants = ?, updated_at = ?, last_seq = ? WHERE toolbox_id = ?",
					ReadModelJson.write(change.apply(grants)), Instants.format(at), seq, toolboxId);
		}
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM toolbox_directory");
	}

	@QueryHandler
	List<ToolboxSummary> handle(FindToolboxesQuery query) {
		return this.jdbc.query("SELECT * FROM toolbox_directory WHERE org_id = ? AND NOT deleted ORDER BY name", ROW,
				query.orgId());
	}

	@QueryHandler
	ToolboxSummary handle(FindToolboxQuery query) {
		List<ToolboxSummary> found = this.jdbc.query(
				"SELECT * FROM toolbox_directory WHERE org_id = ? AND NOT deleted AND (toolbox_id = ? OR name = ?)",
				ROW, query.orgId(), query.toolbox(), query.toolbox());
		return found.isEmpty() ? null : found.get(0);
	}

}
