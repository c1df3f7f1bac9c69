package io.quiver.query.audit.api;

/**
 * Signed checkpoints of an organisation's trail and the proofs an auditor checks against
 * them (SPEC R10.11). A checkpoint is made at a fixed interval and on demand: asking for
 * the latest one signs the trail as it is now if it grew since the last. Every method
 * that reads entries throws {@link BrokenTrailException} where the chain it would cover
 * is broken: nothing is signed or proven over a broken chain.
 */
public interface AuditProofs {

	/** The checkpoint of the whole trail as it is now. */
	AuditCheckpoint latest(String orgId);

	/**
	 * The checkpoint of the first {@code size} entries (signed now if none was yet).
	 * @throws IllegalArgumentException when the trail is shorter
	 */
	AuditCheckpoint at(String orgId, long size);

	/**
	 * The inclusion proof of an entry (its seq, or its entry id) in the checkpoint of
	 * {@code size} entries, or in the latest checkpoint when size is null.
	 * @throws java.util.NoSuchElementException when there is no such entry
	 * @throws IllegalArgumentException when the entry is after the checkpoint
	 */
	InclusionProof inclusion(String orgId, String entry, Long size);

	/**
	 * The consistency proof from the checkpoint of {@code from} entries to that of
	 * {@code to} entries, or to the latest checkpoint when to is null.
	 * @throws IllegalArgumentException when the sizes are not in order or the trail is
	 * shorter
	 */
	ConsistencyProof consistency(String orgId, long from, Long to);

	/** The key checkpoints are signed with, as PEM, and its id. */
	CheckpointSigner signer();

}
