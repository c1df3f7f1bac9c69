package io.quiver.query.gate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.InBandErrors;
import io.quiver.query.gate.api.MetaToolNames;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * A meta-tool is callable only on a collapsed surface (SPEC R7.3); {@code execute_tool}'s
 * own arguments are checked and it is unwrapped, so that every step after this one sees
 * the tool it names (R5.5). Anything else passes untouched.
 */
@Component
class CollapseStage extends AbstractCallStep {

	private final ArgumentGate arguments;

	static final String NAME = "collapse";

	CollapseStage(ArgumentGate arguments) {
		super(NAME, Extent.CALL);
		this.arguments = arguments;
	}

	@Override
	public Verdict apply(Call call) {
		String name = call.name();
		if (!MetaToolNames.isMetaTool(name)) {
			return Verdict.allow(Gate.COLLAPSE);
		}
		if (!call.surface().collapsed()) {
			return Verdict.deny(Gate.COLLAPSE, InBandErrors.staleCollapse(name));
		}
		if (name.equals(MetaToolNames.SEARCH_TOOLS)) {
			call.searchTools();
			return Verdict.allow(Gate.COLLAPSE);
		}
		Verdict valid = this.arguments.check(name, call.localSchema(name), call.arguments());
		if (valid.denied()) {
			return valid;
		}
		ObjectNode arguments = call.arguments();
		String inner = arguments.get("name").asText();
		call.unwrap(inner, (arguments.get("arguments") instanceof ObjectNode object) ? object
				: JsonNodeFactory.instance.objectNode());
		if (MetaToolNames.isMetaTool(inner)) {
			return Verdict.deny(Gate.NAME, InBandErrors.metaToolThroughExecuteTool(inner));
		}
		return Verdict.allow(Gate.COLLAPSE);
	}

}
