package io.quiver.query.toolindex.api;

/**
 * A consistent view of one organisation's live state, held (under a read lock) until
 * closed.
 */
public interface PolicyLease extends AutoCloseable {

	PolicySnapshot snapshot();

	/** Releases the lease; idempotent. */
	@Override
	void close();

}
