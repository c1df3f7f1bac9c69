package io.quiver.query.toolindex;

import javax.sql.DataSource;

import io.quiver.query.support.PostgresListener;
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
class EventNotifications extends PostgresListener {

	private final CatchUpTrigger trigger;

	EventNotifications(DataSource dataSource, CatchUpTrigger trigger) {
		super(dataSource, "quiver_events_");
		this.trigger = trigger;
	}

	@Override
	protected void onNotification(String payload) {
		this.trigger.request();
	}

	@Override
	protected void onListening() {
		this.trigger.request();
	}

}
