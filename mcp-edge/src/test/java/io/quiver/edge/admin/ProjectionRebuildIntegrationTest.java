package io.quiver.edge.admin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import java.util.stream.Stream;

import io.quiver.query.replay.ProjectionRebuilder;
import io.quiver.query.replay.ProjectionRebuilder.Progress;
import io.quiver.edge.support.Commands;
import io.quiver.support.ClientStory;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import io.quiver.query.support.BatchingJdbcTemplate;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Read models are projections of events and can be rebuilt by replay (SPEC R1.2): after a
 * history of role, connection, toolbox and restriction changes, every projection rebuilt
 * from the event store holds exactly the rows the live projection held (a dump of each
 * table compared), one at a time and all at once in one parallel read of the store, and
 * the API answers the same restriction history and control-plane changes. The rebuild
 * reads the events only: tool calls are not events, so it reads none of them however many
 * there are (R10.6), and leaves the tool-call trail as it was.
 */
class ProjectionRebuildIntegrationTest extends QuiverIntegrationTest {

	private static final Map<String, String> TABLES = Map.of("member-directory", "member_directory",
			"connection-directory", "connection_directory", "toolbox-directory", "toolbox_directory",
			"restriction-directory", "restriction_directory", "restriction-history", "restriction_history", "catalog",
			"catalog_connector", "control-plane-trail", "control_plane_trail", "client-directory",
			"client_consent_directory");

	@Autowired
	ProjectionRebuilder rebuilder;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	Commands commands;

	@Autowired
	EventProcessingConfiguration processing;

	@Autowired
	EventStorageEngine storage;

	@Autowired
	BatchingJdbcTemplate batching;

	@Autowired
	PlatformTransactionManager transactionManager;

	private TransactionTemplate transactions;

	@BeforeEach
	void transactions() {
		this.transactions = new TransactionTemplate(this.transactionManager);
	}

	@Test
	void everyRebuiltProjectionEqualsTheLiveOne() {
		String org = organisationWithAHistory("rebuild");
		Rest owner = rest(org, "owner");
		assertThat(TABLES.keySet()).containsExactlyInAnyOrderElementsOf(ProjectionRebuilder.PROJECTIONS);
		Map<String, List<String>> live = dumpAll();
		String restrictionHistory = owner.get("/api/v1/restrictions/history").body();
		String changes = owner.get("/api/v1/audit/changes?limit=1000").body();
		long events = this.jdbc.queryForObject("SELECT COUNT(*) FROM domainevententry", Long.class);
		long calls = this.jdbc.queryForObject("SELECT COUNT(*) FROM tool_call_audit", Long.class);
		String trail = this.jdbc
			.queryForList("SELECT hash FROM tool_call_audit WHERE org_id = ? ORDER BY seq", String.class, org)
			.toString();

		for (String projection : ProjectionRebuilder.PROJECTIONS) {
			List<Progress> reported = new ArrayList<>();
			Progress done = this.rebuilder.rebuild(projection, reported::add);
			assertThat(done.done()).isTrue();
			assertThat(done.eventsRead()).as("%s read the events, and no tool call", projection).isEqualTo(events);
			assertThat(done.eventsApplied()).isPositive().isLessThanOrEqualTo(events);
			assertThat(reported).last().isEqualTo(done);
		}

		Map<String, List<String>> rebuilt = dumpAll();
		for (String projection : ProjectionRebuilder.PROJECTIONS) {
			assertThat(rebuilt.get(projection)).as(projection).isNotEmpty().isEqualTo(live.get(projection));
		}

		// all of them at once, in one read of the store, in parallel (the rebuild
		// command)
		List<Progress> together = this.rebuilder.rebuildAll(ProjectionRebuilder.PROJECTIONS, (progress) -> {
		});
		assertThat(together).extracting(Progress::projection)
			.containsExactlyElementsOf(ProjectionRebuilder.PROJECTIONS);
		assertThat(together).allSatisfy((done) -> assertThat(done.eventsRead()).isEqualTo(events));
		Map<String, List<String>> rebuiltTogether = dumpAll();
		for (String projection : ProjectionRebuilder.PROJECTIONS) {
			assertThat(rebuiltTogether.get(projection)).as(projection).isEqualTo(live.get(projection));
		}
		assertThat(owner.get("/api/v1/restrictions/history").body()).isEqualTo(restrictionHistory);
		assertThat(owner.get("/api/v1/audit/changes?limit=1000").body()).isEqualTo(changes);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM tool_call_audit", Long.class)).isEqualTo(calls);
		assertThat(this.jdbc
			.queryForList("SELECT hash FROM tool_call_audit WHERE org_id = ? ORDER BY seq", String.class, org)
			.toString()).isEqualTo(trail);
		assertThat(owner.get("/api/v1/audit/verify").json().path("ok").asBoolean()).isTrue();
	}

	/**
	 * A rebuild may run beside a serving node, which applies the same events again: every
	 * stored event handed once more to every projection, as a rebuild does but without
	 * its clear, leaves every row as it was.
	 */
	@Test
	void eventsAppliedTwiceChangeNoRow() {
		organisationWithAHistory("rebuild-twice");
		Map<String, List<String>> live = dumpAll();
		for (String projection : ProjectionRebuilder.PROJECTIONS) {
			EventHandlerInvoker invoker = this.processing.eventProcessor(projection, AbstractEventProcessor.class)
				.orElseThrow()
				.eventHandlerInvoker();
			this.transactions.executeWithoutResult((status) -> this.batching.batched(() -> {
				try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(null, false)) {
					events.filter((event) -> invoker.canHandle(event, Segment.ROOT_SEGMENT))
						.forEach((event) -> assertThat(DefaultUnitOfWork.startAndGet(event).executeWithResult(() -> {
							invoker.handle(event, Segment.ROOT_SEGMENT);
							return null;
						}).isExceptional()).as("%s applied %s again", projection, event.getPayloadType()).isFalse());
				}
			}));
		}
		assertThat(dumpAll()).isEqualTo(live);
	}

	/**
	 * A write the database refuses fails the rebuild with the batch of events that made
	 * it, and once the cause is gone the next rebuild brings every row back.
	 */
	@Test
	void aRefusedWriteNamesItsBatchOfEvents() {
		organisationWithAHistory("rebuild-refused");
		List<String> live = dump("control_plane_trail");
		// existing rows are not checked; every row the rebuild writes is refused
		this.jdbc.execute("ALTER TABLE control_plane_trail ADD CONSTRAINT rebuild_refused CHECK (org_id IS NULL) "
				+ (TestDatabase.postgres() ? "NOT VALID" : "NOCHECK"));
		try {
			assertThatThrownBy(() -> this.rebuilder.rebuild("control-plane-trail", (progress) -> {
			})).isInstanceOf(IllegalStateException.class)
				.hasMessageMatching("rebuilding failed writing the events from \\S+ \\(\\w+\\) to \\S+ \\(\\w+\\)");
		}
		finally {
			this.jdbc.execute("ALTER TABLE control_plane_trail DROP CONSTRAINT rebuild_refused");
		}
		this.rebuilder.rebuild("control-plane-trail", (progress) -> {
		});
		assertThat(dump("control_plane_trail")).isEqualTo(live);
	}

	/** A new organisation with {@link #history}: answers its id. */
	private String organisationWithAHistory(String name) {
		String org = this.organizations.create(name);
		Rest owner = rest(org, "owner");
		try (FakeUpstream upstream = FakeUpstream.start()) {
			history(org, owner, upstream);
		}
		return org;
	}

	/** Every kind of change the projections follow, and some audited calls. */
	private void history(String org, Rest owner, FakeUpstream upstream) {
		OrgAdmin admin = new OrgAdmin(owner);
		admin.collapseThreshold(500);
		admin.registerHttpConnector("echo", "Echo", upstream.openApi());
		admin.invite("alice", "MEMBER");
		admin.invite("bob", "MEMBER");
		OrgAdmin.connect(rest(org, "alice"), "echo", "echo-alice");
		admin.connectFor("bob", "echo", "echo-bob");
		assertThat(owner.put("/api/v1/connections/echo-bob/label", Map.of("label", "echo-bobby")).status())
			.isEqualTo(200);
		admin.createToolbox("team");
		admin.addEntry("team", "echo.get_item", List.of("echo-alice", "echo-bobby"), null);
		admin.grant("team", "role:MEMBER");
		admin.block("role:MEMBER", List.of("tool:echo.delete_item"));
		String restriction = owner.get("/api/v1/restrictions?target=role:MEMBER")
			.json()
			.get(0)
			.path("restrictionId")
			.asText();
		assertThat(owner
			.patch("/api/v1/restrictions/" + restriction,
					Map.of("block", List.of("tool:echo.delete_item", "connector:github")))
			.status()).isEqualTo(200);
		admin.block("user:bob", List.of("connector:echo"));
		assertThat(owner.put("/api/v1/members/alice/role", Map.of("role", "ADMIN")).status()).isEqualTo(200);
		assertThat(owner.post("/api/v1/members/bob/suspend", null).status()).isEqualTo(200);
		assertThat(owner.post("/api/v1/members/bob/reinstate", null).status()).isEqualTo(200);
		try (Mcp alice = mcp(org, "alice")) {
			for (int i = 0; i < 20; i++) {
				alice.call("echo-alice__get_item", Map.of("id", Integer.toString(i)));
			}
		}
		ClientStory.tell(baseUrl(), this.commands, org,
				owner.get("/api/v1/members/alice").json().path("memberId").asText());
	}

	private Map<String, List<String>> dumpAll() {
		Map<String, List<String>> dumps = new LinkedHashMap<>();
		TABLES.forEach((projection, table) -> dumps.put(projection, dump(table)));
		return dumps;
	}

	/** Every row of a table, each as its columns by name, in a stable order. */
	private List<String> dump(String table) {
		List<String> rows = new ArrayList<>();
		for (Map<String, Object> row : this.jdbc.queryForList("SELECT * FROM " + table)) {
			rows.add(new TreeMap<>(row).toString());
		}
		rows.sort(null);
		return rows;
	}

}
