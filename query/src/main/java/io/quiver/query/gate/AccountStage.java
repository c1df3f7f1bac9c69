package io.quiver.query.gate;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.query.gate.ToolSurface.Reach;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.InBandErrors;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.springframework.stereotype.Component;

/**
 * Chooses the connection a connected call uses (SPEC R5.4): a tool's one account, or for
 * a tool merged over several, the one its {@code connection} argument names, or the only
 * one the caller reaches. The tool is then the one the caller was shown, narrowed to the
 * accounts it reaches; its schema is what the arguments are checked against. A resource
 * read uses the connection its link was returned on, and has no arguments to check.
 */
@Component
class AccountStage extends AbstractCallStep {

	static final String NAME = "account";

	AccountStage() {
		super(NAME, Extent.CALL);
	}

	@Override
	public Verdict apply(Call call) {
		ConnectedTool tool = call.tool();
		if (tool == null) {
			return Verdict.allow(Gate.ACCESS);
		}
		if (call.read()) {
			call.chosenByLink();
			return Verdict.allow(Gate.ACCESS);
		}
		if (!tool.merged()) {
			call.chosen(tool.connectionIds().get(0), tool);
			return Verdict.allow(Gate.ACCESS);
		}
		Reach reach = call.reach();
		ConnectedTool advertised = reach.tool();
		JsonNode selected = call.arguments().get(ConnectedTool.CONNECTION_ARGUMENT);
		int index = (selected != null && selected.isTextual()) ? tool.accountLabels().indexOf(selected.asText()) : -1;
		if (index >= 0) {
			call.chosen(tool.connectionIds().get(index), advertised);
			return Verdict.allow(Gate.ACCESS);
		}
		if (reach.verdict().denied()) {
			// no account is reachable: that, not the missing argument, is the answer
			return reach.verdict();
		}
		if (selected == null && !advertised.merged()) {
			// one account is reachable, and the advertised schema had no choice to offer
			call.chosen(advertised.connectionIds().get(0), advertised);
			return Verdict.allow(Gate.ACCESS);
		}
		return Verdict.deny(Gate.ARGUMENTS, InBandErrors.connectionArgument(tool.name(), advertised.accountLabels()));
	}

}
