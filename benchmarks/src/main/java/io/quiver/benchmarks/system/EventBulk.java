package io.quiver.benchmarks.system;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Fills the event store fast with valid events: copies of real events, appended to the
 * aggregate that produced them with the next sequence numbers. The two events copied undo
 * each other (a restriction's rules changed from A to B and back, a member suspended and
 * reinstated), so the copies, alternated, are a history the aggregate could have
 * produced: every projection and every replay accepts them. Timestamps are the current
 * time plus one millisecond per thousand events, in Axon's stored format.
 */
final class EventBulk {

	private static final int CHUNK = 100_000;

	private final String jdbcUrl;

	EventBulk(String jdbcUrl) {
		this.jdbcUrl = jdbcUrl;
	}

	/** The stored events of an aggregate, in order, to copy from. */
	List<Row> events(String aggregateId) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.jdbcUrl);
				PreparedStatement select = connection.prepareStatement("SELECT sequencenumber, type, metadata, "
						+ "payload, payloadrevision, payloadtype FROM domainevententry WHERE aggregateidentifier = ? "
						+ "ORDER BY sequencenumber")) {
			select.setString(1, aggregateId);
			List<Row> rows = new ArrayList<>();
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					rows.add(new Row(aggregateId, result.getLong(1), result.getString(2), result.getBytes(3),
							result.getBytes(4), result.getString(5), result.getString(6)));
				}
			}
			return rows;
		}
	}

	/**
	 * Appends {@code count} events to the aggregate of {@code first} and {@code second}:
	 * copies of {@code first}, {@code second}, {@code first}, … The aggregate's last
	 * event must leave it where {@code first} starts.
	 */
	void append(Row first, Row second, long count, LongConsumer progress) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.jdbcUrl)) {
			long next = lastSequence(connection, first.aggregateId()) + 1;
			Instant base = Instant.now().truncatedTo(ChronoUnit.MILLIS);
			for (long done = 0; done < count; done += CHUNK) {
				long size = Math.min(CHUNK, count - done);
				try (PreparedStatement insert = connection.prepareStatement("""
						INSERT INTO domainevententry (aggregateidentifier, sequencenumber, type, eventidentifier,
						    metadata, payload, payloadrevision, payloadtype, timestamp)
						SELECT ?, ? + g, ?, gen_random_uuid()::text,
						    CASE WHEN g % 2 = 0 THEN ?::bytea ELSE ?::bytea END,
						    CASE WHEN g % 2 = 0 THEN ?::bytea ELSE ?::bytea END, ?,
						    CASE WHEN g % 2 = 0 THEN ? ELSE ? END,
						    to_char((?::timestamptz + ((? + g) / 1000) * interval '1 millisecond') AT TIME ZONE 'UTC',
						        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
						FROM generate_series(0, ? - 1) g
						""")) {
					int i = 1;
					insert.setString(i++, first.aggregateId());
					insert.setLong(i++, next + done);
					insert.setString(i++, first.type());
					insert.setBytes(i++, first.metadata());
					insert.setBytes(i++, second.metadata());
					insert.setBytes(i++, first.payload());
					insert.setBytes(i++, second.payload());
					insert.setString(i++, first.payloadRevision());
					insert.setString(i++, first.payloadType());
					insert.setString(i++, second.payloadType());
					insert.setString(i++, base.toString());
					insert.setLong(i++, done);
					insert.setLong(i++, size);
					insert.executeUpdate();
				}
				progress.accept(done + size);
			}
		}
	}

	long count() throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.jdbcUrl);
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT count(*) FROM domainevententry")) {
			result.next();
			return result.getLong(1);
		}
	}

	private static long lastSequence(Connection connection, String aggregateId) throws SQLException {
		try (PreparedStatement select = connection
			.prepareStatement("SELECT max(sequencenumber) FROM domainevententry WHERE aggregateidentifier = ?")) {
			select.setString(1, aggregateId);
			try (ResultSet result = select.executeQuery()) {
				result.next();
				return result.getLong(1);
			}
		}
	}

	/** A stored event. */
	record Row(String aggregateId, long sequence, String type, byte[] metadata, byte[] payload, String payloadRevision,
			String payloadType) {
	}

}
