package io.quiver.query.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on one PostgreSQL notification channel of the current schema, on a connection
 * of its own held for as long as it runs, on a daemon thread. When the connection breaks
 * (the database restarted) it is opened again with a growing pause, and
 * {@code onListening} runs each time listening (re)starts, so that whatever was notified
 * meanwhile can be looked up. Channels are named {@code <prefix><schema>}, the way the
 * migrations' triggers name them, so that schemas sharing a database do not hear each
 * other.
 */
public final class PostgresChannel {

	private static final Logger log = LoggerFactory.getLogger(PostgresChannel.class);

	private static final int POLL_MILLIS = 5_000;

	private final DataSource dataSource;

	private final String prefix;

	private final Consumer<String> onNotification;

	private final Runnable onListening;

	private volatile boolean running;

	private Thread thread;

	/**
	 * @param prefix the channel's name before the schema's
	 * @param onNotification gets each notification's payload, on the listening thread
	 * @param onListening runs when listening starts and after each reconnection
	 */
	public PostgresChannel(DataSource dataSource, String prefix, Consumer<String> onNotification,
			Runnable onListening) {
		this.dataSource = dataSource;
		this.prefix = prefix;
		this.onNotification = onNotification;
		this.onListening = onListening;
	}

	/**
	 * Whether the data source is PostgreSQL (elsewhere there is nothing to listen to).
	 */
	public static boolean isPostgres(DataSource dataSource) {
		try (Connection connection = dataSource.getConnection()) {
			return connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
		}
		catch (SQLException ex) {
			log.warn("Cannot tell the database product ({}); not listening for other nodes", ex.getMessage());
			return false;
		}
	}

	public synchronized void start() {
		this.running = true;
		this.thread = new Thread(this::listen, "quiver-listen-" + this.prefix);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	public synchronized void stop() {
		this.running = false;
		if (this.thread != null) {
			this.thread.interrupt();
		}
	}

	public boolean isRunning() {
		return this.running;
	}

	private void listen() {
		long backoff = 250;
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				String channel = (this.prefix + connection.getSchema()).toLowerCase(Locale.ROOT).replace("\"", "");
				try (Statement statement = connection.createStatement()) {
					statement.execute("LISTEN \"" + channel + "\"");
				}
				this.onListening.run();
				backoff = 250;
				PGConnection listener = connection.unwrap(PGConnection.class);
				while (this.running) {
					PGNotification[] notifications = listener.getNotifications(POLL_MILLIS);
					if (notifications != null) {
						for (PGNotification notification : notifications) {
							this.onNotification.accept(notification.getParameter());
						}
					}
				}
			}
			catch (SQLException | RuntimeException ex) {
				if (!this.running) {
					return;
				}
				log.warn("Listening on {} failed ({}); retrying in {} ms", this.prefix, ex.getClass().getName(),
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

}
