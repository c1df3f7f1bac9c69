package io.quiver.query.toolindex.api;

/**
 * Opens the live policy state of an organisation, current as of the call (SPEC R9): every
 * event committed before the call, on any node, is applied first. There is no time-based
 * cache.
 */
public interface PolicyStore {

	/**
	 * A lease on the organisation's live state, held consistent until closed; close it
	 * before doing anything slow (an upstream call) or anything that writes.
	 * @return the lease, or null when no such organisation exists
	 */
	PolicyLease open(String orgId);

	/** Brings the state up to date with the event store without opening a snapshot. */
	void catchUp();

	/**
	 * Registers a listener told of every catch-up that applied events, on this node,
	 * whichever thread ran it.
	 */
	void addChangeListener(PolicyChangeListener listener);

}
