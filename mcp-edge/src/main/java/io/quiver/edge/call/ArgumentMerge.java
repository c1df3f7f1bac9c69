package io.quiver.edge.call;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.toolindex.api.ConnectedTool;

/**
 * The arguments of a connected tool call (SPEC R4.3): {@code defaults}, then the caller's
 * arguments, then {@code frozen}, each overriding the one before. A caller passing a
 * frozen key cannot un-freeze it: the key is set aside before validation, the frozen
 * value applies, and the result's {@code _meta} says so. The {@code connection} argument
 * of a merged tool selects the account and is not sent upstream.
 *
 * @param callerArguments the caller's arguments minus frozen keys, as validated against
 * the advertised schema
 * @param merged what is sent upstream
 * @param overridden frozen keys the caller tried to set
 */
record ArgumentMerge(ObjectNode callerArguments, ObjectNode merged, List<String> overridden) {

	static final String FROZEN_META = "io.quiver/frozenArgumentsApplied";

	static ArgumentMerge of(ConnectedTool tool, ObjectNode arguments) {
		ObjectNode caller = arguments.deepCopy();
		List<String> overridden = new ArrayList<>();
		for (Iterator<String> keys = tool.frozen().fieldNames(); keys.hasNext();) {
			String key = keys.next();
			if (caller.has(key)) {
				overridden.add(key);
				caller.remove(key);
			}
		}
		ObjectNode merged = tool.defaults().deepCopy();
		merged.setAll(caller);
		if (tool.merged()) {
			merged.remove(ConnectedTool.CONNECTION_ARGUMENT);
		}
		merged.setAll(tool.frozen().deepCopy());
		return new ArgumentMerge(caller, merged, List.copyOf(overridden));
	}

	/**
	 * The result metadata telling the caller which frozen values replaced theirs, or
	 * null.
	 */
	ObjectNode meta() {
		if (this.overridden.isEmpty()) {
			return null;
		}
		ObjectNode meta = JsonNodeFactory.instance.objectNode();
		ArrayNode keys = meta.putArray(FROZEN_META);
		this.overridden.forEach(keys::add);
		meta.put("io.quiver/note", "These arguments are frozen by your organisation; the values you passed for "
				+ "them were replaced by the frozen values.");
		return meta;
	}

}
