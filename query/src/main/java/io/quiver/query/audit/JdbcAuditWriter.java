package io.quiver.query.audit;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.api.AuditWriter;
import io.quiver.query.audit.api.ToolCallRecord;
import io.quiver.query.audit.proof.EntryEncoding;
import io.quiver.query.audit.proof.EntryJson;
import io.quiver.query.support.Failures;
import io.quiver.query.support.ReadModelJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes the tool-call trail in table {@code tool_call_audit} (SPEC R10).
 * <p>
 * <b>Chain.</b> Each organisation's entries are numbered 1, 2, 3… and each carries the
 * hash of the previous one inside what its own hash covers: the canonical, versioned
 * encoding of {@link EntryEncoding} (version 2 since the cut-over, version 1 before). The
 * head of every chain ({@code tool_call_audit_head}) is locked while entries are
 * appended, so nodes sharing one database extend one chain without forks;
 * {@link JdbcAuditVerifier} recomputes every hash.
 * <p>
 * <b>Group commit.</b> Appends are queued and written by one thread per node in batches
 * of up to {@value #BATCH} entries per transaction; each caller's future completes when
 * its batch has committed. One transaction serves many concurrent calls, so the cost per
 * call falls with load while every answered call is durably in the trail first.
 * <p>
 * <b>Isolation (R10.8).</b> A record is made storable ({@link StorableRecord}) before it
 * is queued, so no caller's value can make an insert fail; should a batch fail all the
 * same, its entries are retried one by one, and only the one the database refuses fails.
 * <p>
 * <b>Append-only.</b> This class has no update or delete path; on PostgreSQL a trigger
 * refuses UPDATE, DELETE and TRUNCATE of the table.
 */
@Component
class JdbcAuditWriter implements AuditWriter, SmartLifecycle, MeterBinder {

	private static final int BATCH = 256;

	private static final Logger log = LoggerFactory.getLogger(JdbcAuditWriter.class);

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(100_000);

	private volatile boolean running;

	private Thread writer;

	JdbcAuditWriter(JdbcTemplate jdbc, PlatformTransactionManager transactionManager) {
		this.jdbc = jdbc;
		this.transactions = new TransactionTemplate(transactionManager);
	}

	@Override
	public CompletableFuture<AuditEntry> append(ToolCallRecord record) {
		Pending pending = new Pending(StorableRecord.of(record), new CompletableFuture<>());
		if (!this.running) {
			pending.result().completeExceptionally(new IllegalStateException("the audit trail is not running"));
		}
		else if (!this.queue.offer(pending)) {
			pending.result().completeExceptionally(new IllegalStateException("the audit trail is saturated"));
		}
		return pending.result();
	}

	/** The entries queued on this node and not yet committed (SPEC R15.1). */
	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("quiver.trail.backlog", this.queue, BlockingQueue::size)
			.description("Audit trail entries queued on this node, not yet committed")
			.baseUnit("entries")
			.register(registry);
	}

	private void writeLoop() {
		List<Pending> batch = new ArrayList<>(BATCH);
		while (this.running || !this.queue.isEmpty()) {
			try {
				Pending first = this.queue.poll(200, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				batch.add(first);
				this.queue.drainTo(batch, BATCH - 1);
				write(batch);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			finally {
				batch.clear();
			}
		}
	}

	/**
	 * Writes a batch in one transaction; if it fails, retries its entries one by one,
	 * each in a transaction of its own, so that an entry the database refuses fails its
	 * own call only (SPEC R10.8).
	 */
	private void write(List<Pending> batch) {
		try {
			List<AuditEntry> written = commit(batch);
			for (int i = 0; i < batch.size(); i++) {
				batch.get(i).result().complete(written.get(i));
			}
			return;
		}
		catch (RuntimeException ex) {
			if (batch.size() == 1) {
				refused(batch.get(0), ex);
				return;
			}
			log.warn("A batch of {} audit entries failed ({}); writing them one by one", batch.size(),
					ex.getClass().getName());
		}
		for (Pending pending : batch) {
			try {
				pending.result().complete(commit(List.of(pending)).get(0));
			}
			catch (RuntimeException ex) {
				refused(pending, ex);
			}
		}
	}

	private static void refused(Pending pending, RuntimeException failure) {
		// the class and frames only: a database's message can quote the statement's
		// values
		// (R10.2, see Failures)
		log.error("Could not append an entry to the audit trail: {}", Failures.trace(failure));
		pending.result().completeExceptionally(failure);
	}

	/**
	 * Appends the entries in one transaction; two nodes racing for a chain's head make
	 * one of them retry.
	 */
	private List<AuditEntry> commit(List<Pending> batch) {
		DuplicateKeyException raced = null;
		for (int attempt = 0; attempt < 3; attempt++) {
			try {
				return this.transactions.execute((status) -> appendAll(batch));
			}
			catch (DuplicateKeyException ex) {
				raced = ex;
			}
		}
		throw raced;
	}

	private List<AuditEntry> appendAll(List<Pending> batch) {
		Map<String, Chain> heads = new LinkedHashMap<>();
		List<AuditEntry> entries = new ArrayList<>(batch.size());
		List<Object[]> rows = new ArrayList<>(batch.size());
		for (Pending pending : batch) {
			ToolCallRecord record = pending.record();
			Chain chain = heads.computeIfAbsent(record.orgId(), this::lockHead);
			AuditEntry entry = chain.next(record);
			entries.add(entry);
			rows.add(row(record.orgId(), entry));
		}
		this.jdbc.batchUpdate(
				"""
						INSERT INTO tool_call_audit (org_id, seq, entry_id, at, member_id, subject, requested_name, via_execute_tool,
						    resolved_tool, operation, connection_id, account, classification, gate, decision, outcome, error_code,
						    argument_names, argument_count, duration_micros, prev_hash, hash, hash_version, trace_id, phase, attempt_seq,
						    grant_fingerprint)
						VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
				rows);
		heads.forEach((orgId, chain) -> this.jdbc.update(
				"UPDATE tool_call_audit_head SET last_seq = ?, last_hash = ? WHERE org_id = ?", chain.seq, chain.hash,
				orgId));
		return entries;
	}

	private Chain lockHead(String orgId) {
		this.jdbc.update(
				"INSERT INTO tool_call_audit_head (org_id, last_seq, last_hash) SELECT ?, 0, ? "
						+ "WHERE NOT EXISTS (SELECT 1 FROM tool_call_audit_head WHERE org_id = ?)",
				orgId, EntryEncoding.GENESIS, orgId);
		return this.jdbc.queryForObject(
				"SELECT last_seq, last_hash FROM tool_call_audit_head WHERE org_id = ? FOR UPDATE",
				(rs, i) -> new Chain(rs.getLong(1), rs.getString(2)), orgId);
	}

	private static Object[] row(String orgId, AuditEntry e) {
		return new Object[] { orgId, e.seq(), e.entryId(), OffsetDateTime.ofInstant(e.at(), ZoneOffset.UTC),
				e.memberId(), e.subject(), e.requestedName(), e.viaExecuteTool(), e.resolvedTool(), e.operation(),
				e.connectionId(), e.account(), e.classification(), e.gate(), e.decision(), e.outcome(), e.errorCode(),
				ReadModelJson.write(e.argumentNames()), e.argumentCount(), e.durationMicros(), e.prevHash(), e.hash(),
				e.version(), e.traceId(), e.phase(), e.attemptSeq(), e.grantFingerprint() };
	}

	@Override
	public void start() {
		this.running = true;
		this.writer = new Thread(this::writeLoop, "audit-trail-writer");
		this.writer.setDaemon(true);
		this.writer.start();
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.writer != null) {
			try {
				this.writer.join(10_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Shutdown drains (SPEC R10.9): the trail stops only after the web server has stopped
	 * accepting and finished the requests in flight (Spring Boot's graceful shutdown at
	 * {@code DEFAULT_PHASE - 1024}, the web server's stop at
	 * {@code DEFAULT_PHASE - 2048}), so every call still running writes its entries;
	 * {@link #stop} then writes what is queued. It starts before the web server, too.
	 */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 4096;
	}

	private record Pending(ToolCallRecord record, CompletableFuture<AuditEntry> result) {
	}

	/** The head of one organisation's chain during a batch. */
	private static final class Chain {

		long seq;

		String hash;

		Chain(long seq, String hash) {
			this.seq = seq;
			this.hash = hash;
		}

		AuditEntry next(ToolCallRecord r) {
			long next = this.seq + 1;
			AuditEntry unhashed = new AuditEntry(next, UUID.randomUUID().toString(),
					r.at().truncatedTo(ChronoUnit.MICROS), r.memberId(), r.subject(), r.requestedName(),
					r.viaExecuteTool(), r.resolvedTool(), r.operation(), r.connectionId(), r.account(),
					r.classification(), r.gate(), r.decision(), r.outcome(), r.errorCode(),
					List.copyOf(r.argumentNames()), r.argumentCount(), r.durationMicros(), this.hash, null,
					EntryEncoding.CURRENT, r.traceId(), r.phase(), r.attemptSeq(), null, r.grantFingerprint());
			String hash = EntryEncoding.hash(EntryJson.of(r.orgId(), unhashed));
			this.seq = next;
			this.hash = hash;
			return unhashed.hashed(hash);
		}

	}

}
