package io.quiver.query.audit.proof;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.audit.api.AuditEntry;

/**
 * An entry's JSON form: the object its hash covers (see {@link EntryEncoding}) plus its
 * {@code hash}, and one line of the JSON-lines export. Null fields are left out. The
 * writer hashes exactly this object, and the offline check reads it back from the export,
 * so what is verified is what was hashed. Members joined later ({@code phase} and
 * {@code attemptSeq} of a write-ahead pair, SPEC R10.7) are absent from entries that lack
 * them, so those encode exactly as before. A listing's {@code settled} join is never part
 * of it.
 */
public final class EntryJson {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private EntryJson() {
	}

	/** The entry as an object, with its hash when it has one. */
	public static ObjectNode of(String orgId, AuditEntry e) {
		ObjectNode node = JSON.objectNode();
		if (e.version() != EntryEncoding.LEGACY) {
			node.put(EntryEncoding.VERSION, e.version());
		}
		node.put("orgId", orgId);
		node.put("seq", e.seq());
		node.put("entryId", e.entryId());
		node.put("at", EntryEncoding.instant(e.at()));
		put(node, "memberId", e.memberId());
		put(node, "subject", e.subject());
		put(node, "requestedName", e.requestedName());
		node.put("viaExecuteTool", e.viaExecuteTool());
		put(node, "resolvedTool", e.resolvedTool());
		put(node, "operation", e.operation());
		put(node, "connectionId", e.connectionId());
		put(node, "account", e.account());
		put(node, "classification", e.classification());
		put(node, "gate", e.gate());
		put(node, "decision", e.decision());
		put(node, "outcome", e.outcome());
		put(node, "errorCode", e.errorCode());
		ArrayNode names = node.putArray("argumentNames");
		e.argumentNames().forEach(names::add);
		node.put("argumentCount", e.argumentCount());
		node.put("durationMicros", e.durationMicros());
		put(node, "traceId", e.traceId());
		put(node, "phase", e.phase());
		if (e.attemptSeq() != null) {
			node.put("attemptSeq", e.attemptSeq());
		}
		put(node, "grantFingerprint", e.grantFingerprint());
		node.put("prevHash", e.prevHash());
		put(node, EntryEncoding.HASH, e.hash());
		return node;
	}

	/** The entry's line of the JSON-lines export: its canonical JSON, hash included. */
	public static byte[] line(String orgId, AuditEntry e) {
		return CanonicalJson.bytes(of(orgId, e));
	}

	private static void put(ObjectNode node, String field, String value) {
		if (value != null) {
			node.put(field, value);
		}
	}

}
