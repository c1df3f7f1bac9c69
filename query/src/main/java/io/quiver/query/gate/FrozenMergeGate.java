package io.quiver.query.gate;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.gate.outbound.OutboundUrls;
import io.quiver.query.support.CallerText;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.springframework.stereotype.Component;

/**
 * The frozen merge's refusals (SPEC R7.8), checked on the caller's arguments before they
 * are merged with the entry's defaults and frozen values:
 * <ul>
 * <li>an argument whose name equals a frozen key ignoring case and the characters
 * {@code _ - .} and {@code []} ({@code FOLDER_ID}, {@code folder-id},
 * {@code folder_id[]}) is refused naming the frozen key: an upstream may read any of
 * those spellings as the frozen parameter, beside or instead of the frozen value;</li>
 * <li>so is an argument the connector would put in a frozen key's place: an {@code http}
 * operation sends {@code body_folder_id} as the body property {@code folder_id};</li>
 * <li>an {@code http} operation passes on declared parameters only (its input schema's
 * properties and its parameters): an undeclared argument is refused, naming what is
 * declared.</li>
 * </ul>
 * The frozen key itself, spelled exactly, is refused too: the advertised schema never
 * offers it, and a caller that sends it means to change what the organisation fixed. A
 * toolbox entry's own defaults and frozen values name declared parameters, checked when
 * the entry is written ({@code ToolboxEntryResolver}), so once this gate passed, nothing
 * undeclared reaches an {@code http} upstream. A resource read (R12.8) has no arguments
 * of its caller: nothing to refuse, and nothing is sent.
 */
@Component
public class FrozenMergeGate extends AbstractCallStep {

	private static final int MAX_LISTED = 20;

	static final String NAME = "frozen-merge";

	public FrozenMergeGate() {
		super(NAME, Extent.CALL);
	}

	@Override
	public Verdict apply(Call call) {
		ConnectedTool tool = call.tool();
		if (tool == null) {
			return Verdict.allow(Gate.FROZEN_MERGE);
		}
		ConnectorDefinition connector = call.policy().connector(tool.connectorId());
		if (call.read()) {
			// a resource read passes no argument of its caller, and sends none
			call.merged(connector, JsonNodeFactory.instance.objectNode());
			return Verdict.allow(Gate.FROZEN_MERGE);
		}
		Verdict verdict = check(tool, connector, call.arguments());
		if (verdict.allowed()) {
			call.merged(connector, merge(tool, call.arguments()));
		}
		return verdict;
	}

	public Verdict check(ConnectedTool tool, ConnectorDefinition connector, ObjectNode arguments) {
		OperationDefinition operation = tool.operation();
		boolean http = connector.kind() == ConnectorKind.HTTP;
		Map<String, String> frozenPlaces = new HashMap<>();
		for (Iterator<String> keys = tool.frozen().fieldNames(); keys.hasNext();) {
			String key = keys.next();
			frozenPlaces.put(normalize(key), key);
			if (http) {
				frozenPlaces.put(normalize(OutboundUrls.wireName(operation, key)), key);
			}
		}
		for (Iterator<String> names = arguments.fieldNames(); names.hasNext();) {
			String name = names.next();
			if (tool.merged() && name.equals(ConnectedTool.CONNECTION_ARGUMENT)) {
				continue;
			}
			String frozen = frozenPlaces.get(normalize(name));
			if (frozen == null && http) {
				frozen = frozenPlaces.get(normalize(OutboundUrls.wireName(operation, name)));
			}
			if (frozen != null) {
				return Verdict.deny(Gate.FROZEN_MERGE, "argument '" + CallerText.log(name) + "' of " + tool.name()
						+ " would set '" + frozen + "', which your organisation froze; call again without it");
			}
			if (http && !OutboundUrls.declares(operation, name)) {
				return Verdict.deny(Gate.ARGUMENTS, "argument '" + CallerText.log(name) + "' is not a parameter of "
						+ tool.name() + "; its parameters are " + declared(tool));
			}
		}
		return Verdict.allow(Gate.FROZEN_MERGE);
	}

	/**
	 * The arguments a connected tool call sends upstream (SPEC R4.3): {@code defaults},
	 * then the caller's arguments, then {@code frozen}, each overriding the one before. A
	 * caller's argument naming a frozen key, in any spelling, was refused by
	 * {@link #check}, so the frozen values are what the upstream receives. The
	 * {@code connection} argument of a merged tool selects the account and is not sent.
	 */
	static ObjectNode merge(ConnectedTool tool, ObjectNode arguments) {
		ObjectNode merged = tool.defaults().deepCopy();
		merged.setAll(arguments.deepCopy());
		if (tool.merged()) {
			merged.remove(ConnectedTool.CONNECTION_ARGUMENT);
		}
		merged.setAll(tool.frozen().deepCopy());
		return merged;
	}

	/** Lower case without {@code _ - . [ ]}: {@code Folder_ID[]} and {@code folderid}. */
	static String normalize(String name) {
		StringBuilder out = new StringBuilder(name.length());
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			if (c != '_' && c != '-' && c != '.' && c != '[' && c != ']') {
				out.append(c);
			}
		}
		return out.toString().toLowerCase(Locale.ROOT);
	}

	/** The advertised parameters: what a caller may pass. */
	private static String declared(ConnectedTool tool) {
		TreeSet<String> names = new TreeSet<>();
		tool.inputSchema().path("properties").fieldNames().forEachRemaining(names::add);
		if (names.isEmpty()) {
			return "none";
		}
		String listed = String.join(", ", names.stream().limit(MAX_LISTED).toList());
		return (names.size() > MAX_LISTED) ? listed + " (+" + (names.size() - MAX_LISTED) + " more)" : listed;
	}

}
