package io.quiver.query.audit.api;

import java.util.List;

/**
 * That the trail of an earlier signed checkpoint is a prefix of the trail of a later one
 * (RFC 9162 §2.1.4): nothing of the first {@code from.size} entries was changed, removed
 * or reordered. The subtree hashes are hex.
 */
public record ConsistencyProof(AuditCheckpoint from, AuditCheckpoint to, List<String> proof) {
}
