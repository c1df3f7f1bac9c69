package io.quiver.query.support;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.lang.Nullable;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The process's {@link JdbcTemplate}, which can also hold a thread's writes and send them
 * as JDBC batches: while {@link #batched} runs, each parameterised
 * {@link #update(String, Object...)} on that thread is kept, in order, and sent when the
 * work ends, consecutive updates of the same SQL in one {@code executeBatch} (one round
 * trip to PostgreSQL for all of them instead of one each). Any other statement on that
 * thread first sends what is kept, so a handler that reads a row it has just written
 * reads its own write, and the writes reach the database in the order they were made.
 * <p>
 * The projection rebuild uses it for each batch of events it applies ({@code
 * ProjectionRebuilder}): the rebuild pays one round trip per projection and batch where
 * it paid one per event, and the projections' handlers stay plain {@code jdbc.update}
 * calls that also serve live processing, where nothing is held. Written by hand: neither
 * Spring nor the driver offers to batch a sequence of independent {@code update} calls
 * made through a shared template; hooked where every statement of the template is
 * configured ({@link #applyStatementSettings}), so no way of reading can overtake what is
 * held.
 * <p>
 * A kept update answers {@link Statement#SUCCESS_NO_INFO} instead of a row count: its
 * rows are not known until it is sent. A failure to send surfaces from {@code batched}
 * (or from the statement that made it send), inside the caller's transaction, which it
 * rolls back.
 */
public class BatchingJdbcTemplate extends JdbcTemplate {

	private final ThreadLocal<List<Write>> held = new ThreadLocal<>();

	public BatchingJdbcTemplate(DataSource dataSource) {
		super(dataSource);
	}

	/**
	 * Runs work with this thread's parameterised updates held, and sends them before
	 * returning; if the work fails, what it wrote is neither sent nor kept. Must run in a
	 * transaction: the writes are sent after the work, and only a transaction makes them
	 * one change with what it read.
	 * @throws IllegalStateException outside a transaction, or when already batching
	 */
	public void batched(Runnable work) {
		if (!TransactionSynchronizationManager.isActualTransactionActive()) {
			throw new IllegalStateException("batched writes need a transaction");
		}
		if (this.held.get() != null) {
			throw new IllegalStateException("already batching on this thread");
		}
		List<Write> writes = new ArrayList<>();
		this.held.set(writes);
		try {
			work.run();
			send(writes);
		}
		finally {
			this.held.remove();
		}
	}

	@Override
	public int update(String sql, @Nullable Object... args) throws DataAccessException {
		List<Write> writes = this.held.get();
		if (writes == null) {
			return super.update(sql, args);
		}
		// copied: a caller may reuse its array, and the values are read when sent
		writes.add(new Write(sql, (args != null) ? args.clone() : new Object[0]));
		return Statement.SUCCESS_NO_INFO;
	}

	/**
	 * Every statement the template prepares passes here first: what is held goes ahead.
	 */
	@Override
	protected void applyStatementSettings(Statement stmt) throws SQLException {
		sendHeld();
		super.applyStatementSettings(stmt);
	}

	@Override
	public <T> T execute(ConnectionCallback<T> action) throws DataAccessException {
		sendHeld();
		return super.execute(action);
	}

	private void sendHeld() {
		List<Write> writes = this.held.get();
		if (writes != null && !writes.isEmpty()) {
			send(writes);
		}
	}

	/**
	 * Sends what is held, one batch per run of equal statements. Taken out of the list
	 * first: the statements that send it pass {@link #applyStatementSettings} too, and
	 * then find nothing held.
	 */
	private void send(List<Write> writes) {
		List<Write> sending = new ArrayList<>(writes);
		writes.clear();
		int from = 0;
		for (int i = 1; i <= sending.size(); i++) {
			if (i == sending.size() || !sending.get(i).sql().equals(sending.get(from).sql())) {
				sendRun(sending.get(from).sql(), sending.subList(from, i));
				from = i;
			}
		}
	}

	private void sendRun(String sql, List<Write> run) {
		if (run.size() == 1) {
			super.update(sql, run.get(0).args());
		}
		else {
			batchUpdate(sql, run.stream().map(Write::args).toList());
		}
	}

	/** A held write: a statement and its arguments. */
	private record Write(String sql, Object[] args) {
	}

}
