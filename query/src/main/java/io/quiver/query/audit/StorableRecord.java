package io.quiver.query.audit;

import java.util.ArrayList;
import java.util.List;

import io.quiver.query.audit.api.ToolCallRecord;
import io.quiver.query.support.CallerText;

/**
 * A record made storable before it joins a batch (SPEC R10.8): every text field escaped
 * and bounded to its column in {@code tool_call_audit} by {@link CallerText#stored} (NUL
 * and other controls escaped; past the column's size a prefix plus the SHA-256 of the
 * whole value), and the argument names bounded in number and length. A record cleaned
 * here fits every column and constraint of the table, so no caller's value can make an
 * insert, and with it a batch of other callers' entries, fail.
 */
final class StorableRecord {

	/** Argument names kept per entry; the count keeps the true number. */
	static final int MAX_ARGUMENT_NAMES = 64;

	/** Characters kept of one argument name. */
	static final int MAX_ARGUMENT_NAME = 100;

	private StorableRecord() {
	}

	static ToolCallRecord of(ToolCallRecord r) {
		List<String> names = new ArrayList<>(Math.min(r.argumentNames().size(), MAX_ARGUMENT_NAMES));
		for (String name : r.argumentNames()) {
			if (names.size() == MAX_ARGUMENT_NAMES) {
				break;
			}
			names.add(CallerText.stored(name, MAX_ARGUMENT_NAME));
		}
		String requested = CallerText.stored(r.requestedName(), 200);
		return new ToolCallRecord(r.at(), r.orgId(), CallerText.stored(r.memberId(), 64),
				CallerText.stored(r.subject(), 255), (requested != null) ? requested : "", r.viaExecuteTool(),
				CallerText.stored(r.resolvedTool(), 200), CallerText.stored(r.operation(), 300),
				CallerText.stored(r.connectionId(), 64), CallerText.stored(r.account(), 64),
				word(r.classification(), 16), word(r.gate(), 32), word(r.decision(), 16), word(r.outcome(), 16),
				CallerText.stored(r.errorCode(), 64), names, Math.max(r.argumentCount(), names.size()),
				r.durationMicros(), word(r.traceId(), 32), r.phase(), r.attemptSeq(), word(r.grantFingerprint(), 16));
	}

	/**
	 * A value Quiver chose from a short list (a classification, a gate, an outcome), in a
	 * column too small for a hash: escaped and cut, should one ever be longer.
	 */
	private static String word(String value, int max) {
		if (value == null) {
			return null;
		}
		String escaped = CallerText.escape(value);
		return (escaped.length() <= max) ? escaped : escaped.substring(0, max);
	}

}
