package io.quiver.query.support;

import javax.sql.DataSource;

import org.springframework.context.SmartLifecycle;

/**
 * A component that listens on one {@link PostgresChannel} while the application runs, on
 * PostgreSQL only: on the embedded H2 database there is one node, and nothing to hear.
 */
public abstract class PostgresListener implements SmartLifecycle {

	private final DataSource dataSource;

	private final PostgresChannel channel;

	private volatile boolean postgres;

	/**
	 * @param prefix the channel's name before the schema's
	 */
	protected PostgresListener(DataSource dataSource, String prefix) {
		this.dataSource = dataSource;
		this.channel = new PostgresChannel(dataSource, prefix, this::onNotification, this::onListening);
	}

	/** Gets each notification's payload, on the listening thread. */
	protected abstract void onNotification(String payload);

	/** Runs when listening starts and after each reconnection. */
	protected abstract void onListening();

	/** Whether the database is PostgreSQL; false until started. */
	protected final boolean onPostgres() {
		return this.postgres;
	}

	@Override
	public void start() {
		this.postgres = PostgresChannel.isPostgres(this.dataSource);
		if (this.postgres) {
			this.channel.start();
		}
	}

	@Override
	public void stop() {
		this.channel.stop();
	}

	@Override
	public boolean isRunning() {
		return this.channel.isRunning();
	}

}
