package io.quiver.query.audit.api;

import java.util.List;

/**
 * That an entry is leaf {@code leafIndex} (its {@code seq} - 1) of the tree a signed
 * checkpoint names (RFC 9162 §2.1.3): the entry's hash, the sibling subtree hashes from
 * the leaf up (hex), and the checkpoint.
 */
public record InclusionProof(long seq, String entryId, String entryHash, long leafIndex, long treeSize,
		List<String> path, AuditCheckpoint checkpoint) {
}
