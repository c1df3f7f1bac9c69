package io.quiver.support;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/**
 * Searches every column of every table of the application's schema (event payloads and
 * metadata included, read as bytes) for a string, to prove a secret or an argument value
 * is stored nowhere.
 */
public final class DatabaseGrep {

	private DatabaseGrep() {
	}

	/** Where the text occurs, as {@code table.column}; empty when nowhere. */
	public static List<String> find(DataSource dataSource, String text) {
		List<String> hits = new ArrayList<>();
		try (Connection connection = dataSource.getConnection()) {
			DatabaseMetaData meta = connection.getMetaData();
			String schema = connection.getSchema();
			List<String> tables = new ArrayList<>();
			try (ResultSet rs = meta.getTables(null, schema, "%", new String[] { "TABLE", "PARTITIONED TABLE" })) {
				while (rs.next()) {
					tables.add(rs.getString("TABLE_NAME"));
				}
			}
			for (String table : tables) {
				try (Statement statement = connection.createStatement();
						ResultSet rows = statement.executeQuery("SELECT * FROM " + table)) {
					ResultSetMetaData columns = rows.getMetaData();
					while (rows.next()) {
						for (int i = 1; i <= columns.getColumnCount(); i++) {
							if (contains(rows, i, text)) {
								hits.add(table + "." + columns.getColumnName(i));
							}
						}
					}
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return hits;
	}

	private static boolean contains(ResultSet rows, int column, String text) throws SQLException {
		Object value = rows.getObject(column);
		if (value == null) {
			return false;
		}
		if (value instanceof byte[] bytes) {
			return new String(bytes, StandardCharsets.UTF_8).contains(text);
		}
		return String.valueOf(value).contains(text);
	}

}
