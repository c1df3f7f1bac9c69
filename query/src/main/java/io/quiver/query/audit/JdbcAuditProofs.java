package io.quiver.query.audit;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

import javax.sql.DataSource;

import com.fasterxml.jackson.core.type.TypeReference;
import io.quiver.query.audit.api.AuditCheckpoint;
import io.quiver.query.audit.api.AuditProofs;
import io.quiver.query.audit.api.BrokenTrailException;
import io.quiver.query.audit.api.CheckpointSigner;
import io.quiver.query.audit.api.ConsistencyProof;
import io.quiver.query.audit.api.InclusionProof;
import io.quiver.query.audit.proof.CheckpointSignature;
import io.quiver.query.audit.proof.EntryEncoding;
import io.quiver.query.audit.proof.MerkleTree;
import io.quiver.query.support.ReadModelJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Checkpoints and proofs over the trail's table (SPEC R10.11). A checkpoint is stored
 * with the frontier of its tree, so the next one reads only the entries written since; a
 * proof reads the hashes of the entries it spans once, in order ({@link MerkleTree}).
 * Checkpoints are made at the interval {@code quiver.audit.checkpoint-interval} (default
 * five minutes) for every organisation whose trail grew, and on demand; two nodes making
 * the same one keep the first (the table's key).
 */
@Component
class JdbcAuditProofs implements AuditProofs {

	private static final Logger log = LoggerFactory.getLogger(JdbcAuditProofs.class);

	private static final HexFormat HEX = HexFormat.of();

	private static final TypeReference<List<String>> HASHES = new TypeReference<>() {
	};

	private final JdbcTemplate jdbc;

	private final TrailScan scan;

	private final CheckpointSigner signer;

	JdbcAuditProofs(JdbcTemplate jdbc, DataSource dataSource, PlatformTransactionManager transactionManager,
			CheckpointSigner signer) {
		this.jdbc = jdbc;
		this.scan = new TrailScan(dataSource, transactionManager, 1000);
		this.signer = signer;
	}

	@Override
	public CheckpointSigner signer() {
		return this.signer;
	}

	@Override
	public AuditCheckpoint latest(String orgId) {
		long head = head(orgId);
		Stored last = stored(orgId, Long.MAX_VALUE);
		if (last != null && last.checkpoint().size() >= head) {
			return last.checkpoint();
		}
		return make(orgId, head, last);
	}

	@Override
	public AuditCheckpoint at(String orgId, long size) {
		long head = head(orgId);
		if (size < 0 || size > head) {
			throw new IllegalArgumentException(
					"the trail has " + head + " entries; a checkpoint is of 0 to " + head + " of them");
		}
		Stored base = stored(orgId, size);
		if (base != null && base.checkpoint().size() == size) {
			return base.checkpoint();
		}
		return make(orgId, size, base);
	}

	@Override
	public InclusionProof inclusion(String orgId, String entry, Long size) {
		AuditCheckpoint checkpoint = (size == null) ? latest(orgId) : at(orgId, size);
		List<Object[]> found = this.jdbc.query(
				"SELECT seq, entry_id, hash FROM tool_call_audit WHERE org_id = ? AND "
						+ (isSeq(entry) ? "seq = ?" : "entry_id = ?"),
				(rs, i) -> new Object[] { rs.getLong(1), rs.getString(2), rs.getString(3) }, orgId,
				isSeq(entry) ? (Object) Long.parseLong(entry) : entry);
		if (found.isEmpty()) {
			throw new NoSuchElementException("no entry '" + entry + "' in this organisation's trail");
		}
		long seq = (long) found.get(0)[0];
		if (seq > checkpoint.size()) {
			throw new IllegalArgumentException("entry " + seq + " is after the checkpoint of " + checkpoint.size()
					+ " entries; ask for a later checkpoint");
		}
		List<String> path = hashes(orgId, MerkleTree.inclusionRanges(seq - 1, checkpoint.size()));
		return new InclusionProof(seq, (String) found.get(0)[1], (String) found.get(0)[2], seq - 1, checkpoint.size(),
				path, checkpoint);
	}

	@Override
	public ConsistencyProof consistency(String orgId, long from, Long to) {
		AuditCheckpoint later = (to == null) ? latest(orgId) : at(orgId, to);
		if (from < 1 || from > later.size()) {
			throw new IllegalArgumentException("a consistency proof runs from 1 to " + later.size()
					+ " entries to the later checkpoint's " + later.size());
		}
		AuditCheckpoint earlier = at(orgId, from);
		return new ConsistencyProof(earlier, later, hashes(orgId, MerkleTree.consistencyRanges(from, later.size())));
	}

	/** Signs a checkpoint of every organisation whose trail grew since its last one. */
	@Scheduled(initialDelayString = "${quiver.audit.checkpoint-interval:PT5M}",
			fixedDelayString = "${quiver.audit.checkpoint-interval:PT5M}")
	void everyInterval() {
		List<String> grown = this.jdbc.queryForList(
				"SELECT h.org_id FROM tool_call_audit_head h WHERE h.last_seq > "
						+ "COALESCE((SELECT MAX(c.tree_size) FROM audit_checkpoint c WHERE c.org_id = h.org_id), 0)",
				String.class);
		for (String orgId : grown) {
			try {
				latest(orgId);
			}
			catch (RuntimeException ex) {
				log.warn("Could not sign a checkpoint of an organisation's trail: {}", ex.getClass().getName());
			}
		}
	}

	private AuditCheckpoint make(String orgId, long size, Stored base) {
		MerkleTree.Builder tree = (base == null) ? new MerkleTree.Builder()
				: MerkleTree.Builder.resume(base.checkpoint().size(), base.frontier());
		leaves(orgId, tree.size() + 1, size, tree::add);
		String root = HEX.formatHex(tree.root());
		String timestamp = EntryEncoding.instant(Instant.now());
		String signature = Base64.getEncoder()
			.encodeToString(this.signer.sign(CheckpointSignature.message(orgId, size, root, timestamp)));
		AuditCheckpoint checkpoint = new AuditCheckpoint(orgId, size, root, timestamp, this.signer.keyId(), signature);
		List<String> frontier = tree.frontier().stream().map(HEX::formatHex).toList();
		try {
			this.jdbc.update(
					"INSERT INTO audit_checkpoint (org_id, tree_size, root_hash, signed_at, key_id, signature, frontier) "
							+ "VALUES (?, ?, ?, ?, ?, ?, ?)",
					orgId, size, root, timestamp, checkpoint.keyId(), signature, ReadModelJson.write(frontier));
			return checkpoint;
		}
		catch (DuplicateKeyException ex) {
			// another node signed this size first: its checkpoint is the one
			return stored(orgId, size).checkpoint();
		}
	}

	/**
	 * Feeds the leaf hashes of entries {@code first} to {@code last}, in order, checking
	 * that none is missing and that each is chained to the one before.
	 * @throws BrokenTrailException when one is missing or not chained
	 */
	private void leaves(String orgId, long first, long last, Consumer<byte[]> sink) {
		if (first > last) {
			return;
		}
		long[] expected = { first };
		String[] previous = { null };
		this.scan.scan(
				"SELECT seq, prev_hash, hash FROM tool_call_audit WHERE org_id = ? AND seq >= ? AND seq <= ? ORDER BY seq",
				(ResultSet rs) -> {
					long seq = rs.getLong(1);
					if (seq != expected[0] || (previous[0] != null && !previous[0].equals(rs.getString(2)))) {
						throw new BrokenTrailException("the trail is broken at entry " + expected[0]
								+ ": verify it (GET /api/v1/audit/verify); no checkpoint is signed over a broken chain");
					}
					previous[0] = rs.getString(3);
					sink.accept(MerkleTree.leafHash(HEX.parseHex(previous[0])));
					expected[0]++;
				}, orgId, first, last);
		if (expected[0] != last + 1) {
			throw new BrokenTrailException("the trail is broken at entry " + expected[0] + ": its head counts " + last
					+ " entries; verify it (GET /api/v1/audit/verify)");
		}
	}

	private List<String> hashes(String orgId, List<MerkleTree.Range> ranges) {
		MerkleTree.RangeHasher hasher = new MerkleTree.RangeHasher(ranges);
		leaves(orgId, 1, hasher.leavesNeeded(), hasher::add);
		List<String> hashes = new ArrayList<>();
		hasher.hashes().forEach((hash) -> hashes.add(HEX.formatHex(hash)));
		return hashes;
	}

	private long head(String orgId) {
		List<Long> head = this.jdbc.queryForList("SELECT last_seq FROM tool_call_audit_head WHERE org_id = ?",
				Long.class, orgId);
		return head.isEmpty() ? 0 : head.get(0);
	}

	/** The largest stored checkpoint of at most {@code size} entries, or null. */
	private Stored stored(String orgId, long size) {
		List<Stored> found = this.jdbc.query(
				"SELECT tree_size, root_hash, signed_at, key_id, signature, frontier FROM audit_checkpoint "
						+ "WHERE org_id = ? AND tree_size <= ? ORDER BY tree_size DESC LIMIT 1",
				(rs, i) -> new Stored(
						new AuditCheckpoint(orgId, rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
								rs.getString(5)),
						ReadModelJson.read(rs.getString(6), HASHES).stream().map(HEX::parseHex).toList()),
				orgId, size);
		return found.isEmpty() ? null : found.get(0);
	}

	private static boolean isSeq(String entry) {
		return !entry.isEmpty() && entry.length() < 19 && entry.chars().allMatch(Character::isDigit);
	}

	private record Stored(AuditCheckpoint checkpoint, List<byte[]> frontier) {
	}

}
