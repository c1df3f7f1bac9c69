package io.quiver.support;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/**
 * Searches every column of every table of the application's schema but Flyway's history
 * ({@link TableDump#tables}; event payloads and metadata included, read as bytes) for a
 * string, to prove a secret or an argument value is stored nowhere.
 */
public final class DatabaseGrep {

	private DatabaseGrep() {
	}

	/** Where the text occurs, as {@code table.column}; empty when nowhere. */
	public static List<String> find(DataSource dataSource, String text) {
		List<String> hits = new ArrayList<>();
		try (Connection connection = dataSource.getConnection()) {
			for (String table : TableDump.tables(dataSource)) {
				try (Statement statement = connection.createStatement();
						ResultSet rows = statement.executeQuery("SELECT * FROM " + table)) {
					ResultSetMetaData columns = rows.getMetaData();
					while (rows.next()) {
						for (int i = 1; i <= columns.getColumnCount(); i++) {
							Object value = rows.getObject(i);
							if (value != null && TableDump.text(value).contains(text)) {
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

}
