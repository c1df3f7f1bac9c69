package io.quiver.query.support;

import java.util.ArrayList;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * A page of an event-backed trail table (a row per event, keyed by {@code event_id},
 * timed by {@code at}) of one organisation: the conditions the caller adds, then the rows
 * in {@code (at, event_id)} order, at most 1000.
 */
public final class TrailQuery {

	private final StringBuilder sql;

	private final List<Object> args = new ArrayList<>();

	private TrailQuery(String table, String orgId) {
		this.sql = new StringBuilder("SELECT * FROM " + table + " WHERE org_id = ?");
		this.args.add(orgId);
	}

	/** The rows of {@code table} of the organisation {@code orgId}. */
	public static TrailQuery of(String table, String orgId) {
		return new TrailQuery(table, orgId);
	}

	/** Adds {@code AND condition} with its values. */
	public TrailQuery and(String condition, Object... values) {
		this.sql.append(" AND ").append(condition);
		this.args.addAll(List.of(values));
		return this;
	}

	/** Adds {@code AND column = value} unless {@code value} is null. */
	public TrailQuery equal(String column, Object value) {
		return (value != null) ? and(column + " = ?", value) : this;
	}

	/**
	 * Keeps the rows between {@code from} and {@code to}, inclusive; a null bound is
	 * open.
	 */
	public TrailQuery between(String from, String to) {
		if (from != null) {
			and("at >= ?", from);
		}
		if (to != null) {
			and("at <= ?", to);
		}
		return this;
	}

	/**
	 * The first {@code limit} rows (clamped to 1..1000) in {@code (at, event_id)} order.
	 */
	public <T> List<T> page(JdbcTemplate jdbc, RowMapper<T> row, int limit) {
		this.args.add(Math.max(1, Math.min(limit, 1000)));
		return jdbc.query(this.sql + " ORDER BY at, event_id LIMIT ?", row, this.args.toArray());
	}

}
