package io.quiver.query.support;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Held writes are sent as JDBC batches, one per run of equal statements, in the order
 * they were made, ahead of any read on the same thread; nothing is held outside
 * {@code batched}, and a failed batch leaves nothing behind. The statements the driver
 * executes are counted through a proxy of the data source.
 */
class BatchingJdbcTemplateTest {

	private static final String INSERT = "INSERT INTO item (id, label) VALUES (?, ?)";

	private static final String RELABEL = "UPDATE item SET label = ? WHERE id = ?";

	private final List<String> executed = new ArrayList<>();

	private BatchingJdbcTemplate jdbc;

	private TransactionTemplate transactions;

	@BeforeEach
	void database() {
		JdbcDataSource h2 = new JdbcDataSource();
		h2.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		DataSource counted = new DelegatingDataSource(h2) {
			@Override
			public Connection getConnection() throws java.sql.SQLException {
				return counting(super.getConnection());
			}
		};
		this.jdbc = new BatchingJdbcTemplate(counted);
		this.transactions = new TransactionTemplate(new DataSourceTransactionManager(counted));
		this.jdbc.execute("CREATE TABLE item (id INT PRIMARY KEY, label VARCHAR(20))");
		this.executed.clear();
	}

	@Test
	void heldWritesAreSentOneBatchPerRunOfEqualStatementsInTheirOrder() {
		this.transactions.executeWithoutResult((status) -> this.jdbc.batched(() -> {
			for (int id = 1; id <= 3; id++) {
				assertThat(this.jdbc.update(INSERT, id, "new")).isEqualTo(Statement.SUCCESS_NO_INFO);
			}
			// the row inserted above must exist when this runs: order is kept
			this.jdbc.update(RELABEL, "changed", 2);
			this.jdbc.update(INSERT, 4, "new");
			this.jdbc.update(INSERT, 5, "new");
			assertThat(this.executed).isEmpty();
		}));
		assertThat(this.executed).containsExactly("batch of 3: " + INSERT, "update: " + RELABEL,
				"batch of 2: " + INSERT);
		assertThat(this.jdbc.queryForList("SELECT label FROM item ORDER BY id", String.class)).containsExactly("new",
				"changed", "new", "new", "new");
	}

	@Test
	void aReadOnTheSameThreadSendsWhatIsHeldFirst() {
		this.transactions.executeWithoutResult((status) -> this.jdbc.batched(() -> {
			this.jdbc.update(INSERT, 1, "new");
			this.jdbc.update(INSERT, 2, "new");
			assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM item", Integer.class)).isEqualTo(2);
			this.jdbc.update(RELABEL, "changed", 1);
			assertThat(this.jdbc.execute((Connection connection) -> "a connection callback")).isNotNull();
			assertThat(this.jdbc.queryForObject("SELECT label FROM item WHERE id = 1", String.class))
				.isEqualTo("changed");
		}));
		assertThat(this.executed).containsExactly("batch of 2: " + INSERT, "query", "update: " + RELABEL, "query");
	}

	@Test
	void outsideABatchEveryUpdateRunsAtOnceAndCountsItsRows() {
		assertThat(this.jdbc.update(INSERT, 1, "new")).isEqualTo(1);
		assertThat(this.executed).containsExactly("update: " + INSERT);
		assertThat(this.jdbc.update(RELABEL, "changed", 99)).isZero();
	}

	@Test
	void aFailedBatchLeavesNothingWrittenAndNothingHeld() {
		assertThatThrownBy(() -> this.transactions.executeWithoutResult((status) -> this.jdbc.batched(() -> {
			this.jdbc.update(INSERT, 1, "new");
			throw new IllegalStateException("a handler failed");
		}))).hasMessage("a handler failed");
		assertThatThrownBy(() -> this.transactions.executeWithoutResult((status) -> this.jdbc.batched(() -> {
			this.jdbc.update(INSERT, 2, "new");
			this.jdbc.update(INSERT, 2, "the same key again");
		}))).hasMessageContaining("PRIMARY KEY");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM item", Integer.class)).isZero();
		// the next batch starts empty
		this.transactions.executeWithoutResult((status) -> this.jdbc.batched(() -> this.jdbc.update(INSERT, 3, "new")));
		assertThat(this.jdbc.queryForList("SELECT id FROM item", Integer.class)).containsExactly(3);
	}

	@Test
	void batchingNeedsATransactionAndDoesNotNest() {
		assertThatThrownBy(() -> this.jdbc.batched(() -> {
		})).isInstanceOf(IllegalStateException.class).hasMessageContaining("transaction");
		assertThatThrownBy(() -> this.transactions
			.executeWithoutResult((status) -> this.jdbc.batched(() -> this.jdbc.batched(() -> {
			})))).isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
	}

	/** A connection whose statements say what they execute. */
	private Connection counting(Connection connection) {
		InvocationHandler handler = (proxy, method, args) -> {
			Object result = invoke(connection, method, args);
			if (method.getName().equals("prepareStatement")) {
				return statement(result, PreparedStatement.class, (String) args[0]);
			}
			if (method.getName().equals("createStatement")) {
				return statement(result, Statement.class, null);
			}
			return result;
		};
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				handler);
	}

	private Object statement(Object statement, Class<?> type, String sql) {
		int[] added = new int[1];
		InvocationHandler handler = (proxy, method, args) -> {
			switch (method.getName()) {
				case "addBatch" -> added[0]++;
				case "executeBatch" -> this.executed.add("batch of " + added[0] + ": " + sql);
				case "executeUpdate" -> this.executed.add("update: " + sql);
				case "executeQuery" -> this.executed.add("query");
				default -> {
				}
			}
			return invoke(statement, method, args);
		};
		return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { type }, handler);
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
