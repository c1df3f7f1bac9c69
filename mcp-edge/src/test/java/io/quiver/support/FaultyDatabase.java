package io.quiver.support;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.stereotype.Component;

/**
 * Faults injected where the application meets its database, for tests of what happens
 * when the database misbehaves at the worst moment. The application's data source is
 * wrapped; nothing changes until a test arms a fault, and {@link #reset} disarms it.
 * <ul>
 * <li>{@link #commitThenFail}: the next transaction that ran a statement matching a
 * predicate commits, and then its commit reports a broken connection, as when the
 * connection breaks after COMMIT reached the server: the change is durable, but the
 * application cannot know it.</li>
 * <li>{@link #failStatements}: statements matching a predicate (its SQL and the values
 * bound to it; for a batch, any row of it) fail as the database would refuse them.</li>
 * </ul>
 */
@Component
public class FaultyDatabase implements BeanPostProcessor {

	/** A statement as the application sent it: its SQL and the values bound to it. */
	public record Statement(String sql, List<Object> values) {

		public boolean startsWith(String prefix) {
			return this.sql.stripLeading().regionMatches(true, 0, prefix, 0, prefix.length());
		}

	}

	private static volatile Predicate<Statement> commitThenFail;

	private static volatile Predicate<Statement> failing;

	private static final AtomicInteger COMMITS_FAILED = new AtomicInteger();

	private static final AtomicInteger STATEMENTS_FAILED = new AtomicInteger();

	/**
	 * Arms one commit-then-fail for the next transaction that ran a matching statement.
	 */
	public static void commitThenFail(Predicate<Statement> ranInTransaction) {
		commitThenFail = ranInTransaction;
	}

	/** Makes every matching statement fail until {@link #reset}. */
	public static void failStatements(Predicate<Statement> refused) {
		failing = refused;
	}

	public static void reset() {
		commitThenFail = null;
		failing = null;
		COMMITS_FAILED.set(0);
		STATEMENTS_FAILED.set(0);
	}

	/** How many commits were reported failed after they committed, since the reset. */
	public static int commitsFailed() {
		return COMMITS_FAILED.get();
	}

	/** How many statements were refused, since the reset. */
	public static int statementsFailed() {
		return STATEMENTS_FAILED.get();
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof DataSource dataSource && !(Proxy.isProxyClass(bean.getClass()))) {
			return proxy(DataSource.class, (proxy, method, args) -> {
				Object result = invoke(dataSource, method, args);
				return (result instanceof Connection connection) ? connection(connection) : result;
			});
		}
		return bean;
	}

	private static Connection connection(Connection target) {
		boolean[] marked = { false };
		return proxy(Connection.class, (proxy, method, args) -> {
			if (method.getName().equals("commit") && marked[0]) {
				marked[0] = false;
				target.commit();
				commitThenFail = null;
				COMMITS_FAILED.incrementAndGet();
				throw new SQLException("I/O error: the connection was reset after the commit was sent", "08006");
			}
			if (method.getName().equals("rollback") || method.getName().equals("commit")) {
				marked[0] = false;
			}
			Object result = invoke(target, method, args);
			if (result instanceof PreparedStatement statement && method.getName().equals("prepareStatement")) {
				return statement((String) args[0], statement, () -> marked[0] = true);
			}
			return result;
		});
	}

	private static PreparedStatement statement(String sql, PreparedStatement target, Runnable mark) {
		List<Object> values = new ArrayList<>();
		List<List<Object>> rows = new ArrayList<>();
		return proxy(PreparedStatement.class, (proxy, method, args) -> {
			String name = method.getName();
			if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer index) {
				while (values.size() < index) {
					values.add(null);
				}
				values.set(index - 1, args[1]);
			}
			else if (name.equals("addBatch")) {
				rows.add(new ArrayList<>(values));
			}
			else if (name.equals("clearBatch")) {
				rows.clear();
			}
			else if (name.startsWith("execute")) {
				List<List<Object>> sent = name.equals("executeBatch") ? new ArrayList<>(rows) : List.of(values);
				Predicate<Statement> refused = failing;
				Predicate<Statement> commit = commitThenFail;
				for (List<Object> row : sent) {
					Statement statement = new Statement(sql, row);
					if (refused != null && refused.test(statement)) {
						STATEMENTS_FAILED.incrementAndGet();
						throw new SQLException("injected: the database refused this statement", "22000");
					}
					if (commit != null && commit.test(statement)) {
						mark.run();
					}
				}
				if (name.equals("executeBatch")) {
					rows.clear();
				}
			}
			return invoke(target, method, args);
		});
	}

	@SuppressWarnings("unchecked")
	private static <T> T proxy(Class<T> type, InvocationHandler handler) {
		return (T) Proxy.newProxyInstance(FaultyDatabase.class.getClassLoader(), new Class<?>[] { type }, handler);
	}

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
