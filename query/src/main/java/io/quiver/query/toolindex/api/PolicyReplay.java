package io.quiver.query.toolindex.api;

import java.time.Instant;

/**
 * The policy state of an organisation as it was at an instant, computed from the event
 * store (SPEC R11.1), not from a snapshot someone remembered to take. The same fold as
 * the live state, so the two cannot disagree.
 */
public interface PolicyReplay {

	/**
	 * @return the state of every event of the organisation stamped at or before
	 * {@code at}, or null when the organisation did not exist then
	 */
	PolicySnapshot asOf(String orgId, Instant at);

}
