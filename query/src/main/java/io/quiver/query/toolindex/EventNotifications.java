package io.quiver.query.toolindex;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Hears, on PostgreSQL, that some node committed events, and asks for a catch-up (SPEC
 * R12.6 across nodes). A statement trigger on the event table (migration V30) sends
 * {@code NOTIFY quiver_events_<schema>} in every transaction that appends events;
 * PostgreSQL delivers it only once the transaction commits, to every listening session,
 * this node's included. One connection per node is held for {@code LISTEN}; when it
 * breaks (the database restarted) it is opened again, and a catch-up follows, so nothing
 * committed meanwhile is missed. On the embedded H2 database (one node) this does
 * nothing: the local commit hook of {@link CatchUpTrigger} covers it.
 */
@Component
class EventNotifications implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(EventNotifications.class);

	private static final int POLL_MILLIS = 5_000;

	private final DataSource dataSource;

	private final CatchUpTrigger trigger;

	private volatile boolean running;

	private Thread thread;

	EventNotifications(DataSource dataSource, CatchUpTrigger trigger) {
		this.dataSource = dataSource;
		this.trigger = trigger;
	}

	/** The channel of a schema: the trigger names it the same way. */
	static String channel(String schema) {
		return "quiver_events_" + schema.toLowerCase(Locale.ROOT);
	}

	@Override
	public void start() {
		try (Connection connection = this.dataSource.getConnection()) {
			if (!connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres")) {
				return;
			}
		}
		catch (SQLException ex) {
			log.warn("Cannot tell the database product ({}); not listening for other nodes' events", ex.getMessage());
			return;
		}
		this.running = true;
		this.thread = new Thread(this::listen, "quiver-event-notifications");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	private void listen() {
		long backoff = 250;
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				String schema = connection.getSchema();
				try (Statement statement = connection.createStatement()) {
					statement.execute("LISTEN \"" + channel(schema).replace("\"", "") + "\"");
				}
				// a change committed while this node was not listening is caught up now
				this.trigger.request();
				backoff = 250;
				PGConnection listener = connection.unwrap(PGConnection.class);
				while (this.running) {
					PGNotification[] notifications = listener.getNotifications(POLL_MILLIS);
					if (notifications != null && notifications.length > 0) {
						this.trigger.request();
					}
				}
			}
			catch (SQLException | RuntimeException ex) {
				if (!this.running) {
					return;
				}
				log.warn("Listening for other nodes' events failed ({}); retrying in {} ms", ex.getClass().getName(),
						backoff);
				try {
					Thread.sleep(backoff);
				}
				catch (InterruptedException interrupted) {
					Thread.currentThread().interrupt();
					return;
				}
				backoff = Math.min(backoff * 2, 10_000);
			}
		}
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.thread != null) {
			this.thread.interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
