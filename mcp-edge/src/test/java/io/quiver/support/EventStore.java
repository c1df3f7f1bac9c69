package io.quiver.support;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/**
 * Reads the JDBC event store's table ({@code domainevententry}) directly, to prove what a
 * request wrote, or that it wrote nothing.
 */
public final class EventStore {

	private final DataSource dataSource;

	public EventStore(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	/** How many events the store holds. */
	public long count() {
		return TableDump.count(this.dataSource, "SELECT count(*) FROM domainevententry");
	}

	/**
	 * The JSON payloads of the events of one type (simple class name, e.g.
	 * {@code MemberInvitedEvent}) whose payload contains the given text.
	 */
	public List<String> payloads(String type, String containing) {
		List<String> payloads = new ArrayList<>();
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection
					.prepareStatement("SELECT payload FROM domainevententry WHERE payloadtype LIKE ?")) {
			statement.setString(1, "%." + type);
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					String payload = new String(rows.getBytes(1), StandardCharsets.UTF_8);
					if (payload.contains(containing)) {
						payloads.add(payload);
					}
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return payloads;
	}

}
