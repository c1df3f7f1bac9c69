package io.quiver.query.toolindex;

import javax.sql.DataSource;

import io.quiver.query.support.PostgresChannel;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Hears, on PostgreSQL, that some node committed events, and asks for a catch-up (SPEC
 * R12.6 across nodes). A statement trigger on the event table (migration V30) sends
 * {@code NOTIFY quiver_events_<schema>} in every transaction that appends events;
 * PostgreSQL delivers it only once the transaction commits, to every listening session,
 * this node's included. When the listening connection was lost and is back, a catch-up
 * follows, so nothing committed meanwhile is missed. On the embedded H2 database (one
 * node) this does nothing: the local commit hook of {@link CatchUpTrigger} covers it.
 */
@Component
class EventNotifications implements SmartLifecycle {

	private final DataSource dataSource;

	private final PostgresChannel channel;

	EventNotifications(DataSource dataSource, CatchUpTrigger trigger) {
		this.dataSource = dataSource;
		this.channel = new PostgresChannel(dataSource, "quiver_events_", (payload) -> trigger.request(),
				trigger::request);
	}

	@Override
	public void start() {
		if (PostgresChannel.isPostgres(this.dataSource)) {
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
