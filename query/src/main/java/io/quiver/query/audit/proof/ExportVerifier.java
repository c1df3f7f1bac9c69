package io.quiver.query.audit.proof;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.audit.api.AuditCheckpoint;

/**
 * Checks a JSON-lines export of an organisation's whole trail against a signed checkpoint
 * and its published key, trusting nothing the server says (SPEC R10.11):
 * <ol>
 * <li>the checkpoint is signed by the key;</li>
 * <li>the export holds the organisation's entries 1, 2, 3… in order, each one's hash
 * recomputed from its content (its encoding version's, {@link EntryEncoding}) and chained
 * to the one before; the first entry that fails is named;</li>
 * <li>the Merkle root of the first {@code size} entries is the checkpoint's;</li>
 * <li>each proof given (as the API serves them) holds: an inclusion proof shows its
 * entry, with the hash the export has for it, in a checkpoint signed by the key; a
 * consistency proof shows one signed checkpoint's trail to be a prefix of another's, and
 * a checkpoint of the same size as the one given must have its root.</li>
 * </ol>
 */
public final class ExportVerifier {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final HexFormat HEX = HexFormat.of();

	private ExportVerifier() {
	}

	/** What the check found: whether it holds, and the lines of its report. */
	public record Outcome(boolean ok, List<String> report) {

		static Outcome failed(List<String> report, String why) {
			List<String> lines = new ArrayList<>(report);
			lines.add("FAILED: " + why);
			return new Outcome(false, List.copyOf(lines));
		}

	}

	public static Outcome verify(BufferedReader export, AuditCheckpoint checkpoint, PublicKey key,
			List<JsonNode> proofs) {
		List<String> report = new ArrayList<>();
		if (!CheckpointSignature.verify(checkpoint, key)) {
			return Outcome.failed(report, "the checkpoint is not signed by key " + CheckpointSignature.keyId(key)
					+ " (it names key " + checkpoint.keyId() + "): it cannot be trusted");
		}
		report.add("checkpoint of " + checkpoint.orgId() + " at " + checkpoint.size() + " entries, signed "
				+ checkpoint.timestamp() + " by key " + checkpoint.keyId() + ": signature valid");
		Map<Long, String> wanted = new HashMap<>();
		for (JsonNode proof : proofs) {
			if (proof.has("leafIndex")) {
				wanted.put(proof.path("seq").asLong(), null);
			}
		}
		MerkleTree.Builder tree = new MerkleTree.Builder();
		String previous = EntryEncoding.GENESIS;
		int version = EntryEncoding.LEGACY;
		long seq = 0;
		WriteAheadPairs pairs = new WriteAheadPairs();
		try {
			for (String line = export.readLine(); line != null; line = export.readLine()) {
				if (line.isBlank()) {
					continue;
				}
				ObjectNode entry = parse(line);
				long expected = seq + 1;
				String name = "entry " + entry.path("seq").asText("?") + " (" + entry.path("entryId").asText("?") + ")";
				if (!checkpoint.orgId().equals(entry.path("orgId").asText())) {
					return Outcome.failed(report, name + " belongs to organisation '" + entry.path("orgId").asText()
							+ "', not " + checkpoint.orgId() + ": export the whole trail of one organisation");
				}
				if (entry.path("seq").asLong() != expected) {
					return Outcome.failed(report, name + ": expected entry " + expected
							+ " here: an entry is missing or was inserted (an export must be unfiltered)");
				}
				try {
					version = EntryEncoding.requireNoDowngrade(version, entry);
					String hash = EntryEncoding.hash(entry);
					if (!hash.equals(entry.path(EntryEncoding.HASH).asText())) {
						return Outcome.failed(report,
								name + ": its content does not match its hash: the entry was " + "altered");
					}
				}
				catch (IllegalArgumentException ex) {
					return Outcome.failed(report, name + ": " + ex.getMessage());
				}
				if (!previous.equals(entry.path("prevHash").asText())) {
					return Outcome.failed(report,
							name + ": its previous-hash does not match the hash of the entry before it");
				}
				String unpaired = pairs.check(expected, entry.path("phase").textValue(),
						entry.hasNonNull("attemptSeq") ? entry.path("attemptSeq").asLong() : null);
				if (unpaired != null) {
					return Outcome.failed(report, name + ": " + unpaired);
				}
				previous = entry.path(EntryEncoding.HASH).asText();
				seq = expected;
				if (seq <= checkpoint.size()) {
					tree.add(MerkleTree.leafHash(HEX.parseHex(previous)));
				}
				if (wanted.containsKey(seq)) {
					wanted.put(seq, previous);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		report.add(seq + " entries read: every hash recomputed from its entry, every link of the chain holds");
		if (seq < checkpoint.size()) {
			return Outcome.failed(report, "the export ends at entry " + seq + ", but the checkpoint covers "
					+ checkpoint.size() + ": entries " + (seq + 1) + " onwards are missing");
		}
		if (!HEX.formatHex(tree.root()).equals(checkpoint.rootHash())) {
			return Outcome.failed(report, "the Merkle root of entries 1 to " + checkpoint.size()
					+ " is not the checkpoint's: the trail the checkpoint signed was rewritten");
		}
		report.add("Merkle root of entries 1 to " + checkpoint.size() + " matches the checkpoint"
				+ ((seq > checkpoint.size()) ? "; entries " + (checkpoint.size() + 1) + " to " + seq
						+ " are chained but after the checkpoint" : ""));
		for (JsonNode proof : proofs) {
			String problem = proof.has("leafIndex") ? inclusion(proof, checkpoint, key, wanted)
					: consistency(proof, checkpoint, key);
			if (problem != null) {
				return Outcome.failed(report, problem);
			}
			report.add(proof.has("leafIndex")
					? "inclusion proof of entry " + proof.path("seq").asLong() + " in the tree of "
							+ proof.path("treeSize").asLong() + " holds"
					: "consistency proof from " + proof.path("from").path("size").asLong() + " to "
							+ proof.path("to").path("size").asLong() + " entries holds");
		}
		return new Outcome(true, List.copyOf(report));
	}

	private static String inclusion(JsonNode proof, AuditCheckpoint given, PublicKey key, Map<Long, String> export) {
		AuditCheckpoint checkpoint = checkpoint(proof.path("checkpoint"));
		long seq = proof.path("seq").asLong();
		String what = "the inclusion proof of entry " + seq;
		String problem = signedAndAligned(checkpoint, given, key, what);
		if (problem != null) {
			return problem;
		}
		String hash = proof.path("entryHash").asText();
		if (export.get(seq) != null && !export.get(seq).equals(hash)) {
			return what + " is for a hash the export's entry " + seq + " does not have";
		}
		boolean holds = proof.path("leafIndex").asLong() == seq - 1
				&& proof.path("treeSize").asLong() == checkpoint.size()
				&& MerkleTree.verifyInclusion(seq - 1, checkpoint.size(), MerkleTree.leafHash(HEX.parseHex(hash)),
						hashes(proof.path("path")), HEX.parseHex(checkpoint.rootHash()));
		return holds ? null : what + " does not lead to its checkpoint's root";
	}

	private static String consistency(JsonNode proof, AuditCheckpoint given, PublicKey key) {
		AuditCheckpoint from = checkpoint(proof.path("from"));
		AuditCheckpoint to = checkpoint(proof.path("to"));
		String what = "the consistency proof from " + from.size() + " to " + to.size() + " entries";
		String problem = signedAndAligned(from, given, key, what);
		problem = (problem != null) ? problem : signedAndAligned(to, given, key, what);
		if (problem != null) {
			return problem;
		}
		boolean holds = MerkleTree.verifyConsistency(from.size(), to.size(), HEX.parseHex(from.rootHash()),
				HEX.parseHex(to.rootHash()), hashes(proof.path("proof")));
		return holds ? null : what + " does not hold: the earlier trail is not a prefix of the later one";
	}

	private static String signedAndAligned(AuditCheckpoint checkpoint, AuditCheckpoint given, PublicKey key,
			String what) {
		if (!checkpoint.orgId().equals(given.orgId())) {
			return what + " is about another organisation";
		}
		if (!CheckpointSignature.verify(checkpoint, key)) {
			return what + " names a checkpoint (" + checkpoint.size() + " entries) not signed by the key";
		}
		if (checkpoint.size() == given.size() && !checkpoint.rootHash().equals(given.rootHash())) {
			return what + " names a checkpoint of " + checkpoint.size()
					+ " entries whose root differs from the given one's: the server signed two trails";
		}
		return null;
	}

	/** A checkpoint as the API serves it. */
	public static AuditCheckpoint checkpoint(JsonNode json) {
		return new AuditCheckpoint(json.path("orgId").asText(), json.path("size").asLong(),
				json.path("rootHash").asText(), json.path("timestamp").asText(), json.path("keyId").asText(),
				json.path("signature").asText());
	}

	private static List<byte[]> hashes(JsonNode array) {
		List<byte[]> hashes = new ArrayList<>();
		array.forEach((hash) -> hashes.add(HEX.parseHex(hash.asText())));
		return hashes;
	}

	private static ObjectNode parse(String line) {
		try {
			JsonNode node = JSON.readTree(line);
			if (node instanceof ObjectNode object) {
				return object;
			}
		}
		catch (JsonProcessingException ex) {
			// reported below
		}
		throw new IllegalArgumentException(
				"a line of the export is not a JSON object: " + line.substring(0, Math.min(80, line.length())));
	}

}
