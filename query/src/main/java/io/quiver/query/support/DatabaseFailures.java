package io.quiver.query.support;

import java.net.SocketException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Predicate;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Tells two kinds of database failure from the rest, wherever they surface (a command, a
 * query, the trail, a catch-up read), by walking the chain of causes (SPEC R7.9):
 * <ul>
 * <li>{@link #unavailable}: the database cannot be reached or dropped the connection (SQL
 * state class 08, 57P01–57P03 as {@code pg_terminate_backend} or a restart sends, 53 out
 * of resources, a pool timeout). Answered as "try again": in band on {@code tools/call},
 * a JSON-RPC internal error on other MCP methods, 503 with {@code Retry-After} on the
 * REST API, never a 500.</li>
 * <li>{@link #unstorable}: a value the database refuses to hold (22001 too long, 22021
 * and 22P05 characters it cannot store, NUL on PostgreSQL): an input error, 4xx or in
 * band.</li>
 * </ul>
 */
public final class DatabaseFailures {

	private static final int MAX_CAUSES = 16;

	private DatabaseFailures() {
	}

	/** Whether the failure is the database being out of reach, worth a retry. */
	public static boolean unavailable(Throwable failure) {
		return any(failure,
				(t) -> t instanceof DataAccessResourceFailureException
						|| t instanceof TransientDataAccessResourceException || t instanceof QueryTimeoutException
						|| t instanceof CannotCreateTransactionException
						// a commit or rollback that failed: the connection broke under it
						// (the pool
						// then answers "connection is closed", and the framework drops
						// the first
						// failure)
						|| t instanceof TransactionSystemException || t instanceof SQLTransientConnectionException
						|| t instanceof SQLTimeoutException || t instanceof SQLRecoverableException
						|| t instanceof SQLNonTransientConnectionException
						// a socket the database closed, under a driver exception without
						// a state
						|| (t instanceof SocketException && hasSqlException(failure))
						|| (t instanceof SQLException sql && connectionState(sql.getSQLState())));
	}

	/** Whether the failure is a value the database cannot store (too long, NUL, …). */
	public static boolean unstorable(Throwable failure) {
		return any(failure,
				(t) -> t instanceof SQLException sql && sql.getSQLState() != null && (sql.getSQLState().equals("22001")
						|| sql.getSQLState().equals("22021") || sql.getSQLState().equals("22P05")));
	}

	private static boolean hasSqlException(Throwable failure) {
		return any(failure, (t) -> t instanceof SQLException);
	}

	private static boolean connectionState(String state) {
		return state != null && (state.startsWith("08") || state.startsWith("57P") || state.startsWith("53"));
	}

	private static boolean any(Throwable failure, Predicate<Throwable> test) {
		Map<Throwable, Boolean> seen = new IdentityHashMap<>();
		Throwable current = failure;
		for (int depth = 0; current != null && depth < MAX_CAUSES && seen.put(current, true) == null; depth++) {
			if (test.test(current)) {
				return true;
			}
			if (current instanceof SQLException sql && sql.getNextException() != null
					&& test.test(sql.getNextException())) {
				return true;
			}
			current = current.getCause();
		}
		return false;
	}

}
