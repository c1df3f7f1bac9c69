package io.quiver.support;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import javax.sql.DataSource;

/**
 * Full dumps of tables, every row and column, rows sorted, so that two states of a
 * database can be compared exactly (before and after a restart or a rebuild).
 */
public final class TableDump {

	private TableDump() {
	}

	/** Table name → its rows, each row one line {@code column=value|...}, sorted. */
	public static Map<String, List<String>> of(DataSource dataSource, Collection<String> tables) {
		Map<String, List<String>> dump = new LinkedHashMap<>();
		try (Connection connection = dataSource.getConnection()) {
			for (String table : tables) {
				dump.put(table, rows(connection, table));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return dump;
	}

	/** Every table of the application's schema but Flyway's history. */
	public static List<String> tables(DataSource dataSource) {
		List<String> tables = new ArrayList<>();
		try (Connection connection = dataSource.getConnection();
				ResultSet rs = connection.getMetaData()
					.getTables(null, connection.getSchema(), "%", new String[] { "TABLE", "PARTITIONED TABLE" })) {
			while (rs.next()) {
				String name = rs.getString("TABLE_NAME").toLowerCase();
				if (!name.equals("flyway_schema_history")) {
					tables.add(name);
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		tables.sort(null);
		return tables;
	}

	public static long count(DataSource dataSource, String sql, Object... parameters) {
		try (Connection connection = dataSource.getConnection();
				java.sql.PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			try (ResultSet rs = statement.executeQuery()) {
				rs.next();
				return rs.getLong(1);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public static void execute(DataSource dataSource, String sql) {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A column's value as text; bytes (event payloads, metadata) read as UTF-8. */
	static String text(Object value) {
		return (value instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
	}

	private static List<String> rows(Connection connection, String table) throws SQLException {
		List<String> rows = new ArrayList<>();
		try (Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery("SELECT * FROM " + table)) {
			ResultSetMetaData columns = rs.getMetaData();
			while (rs.next()) {
				StringJoiner row = new StringJoiner("|");
				for (int i = 1; i <= columns.getColumnCount(); i++) {
					row.add(columns.getColumnName(i).toLowerCase() + "=" + text(rs.getObject(i)));
				}
				rows.add(row.toString());
			}
		}
		rows.sort(null);
		return rows;
	}

}
