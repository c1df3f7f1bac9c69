package io.quiver.query.gate;

import io.quiver.query.access.Caller;
import io.quiver.query.access.Permission;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * The permission {@code tool:execute} gates the whole MCP endpoint, ahead of every scope
 * (SPEC R2.3).
 */
@Component
public class ToolExecuteGate extends AbstractCallStep {

	static final String NAME = "tool-execute";

	public ToolExecuteGate() {
		super(NAME, Extent.ENDPOINT);
	}

	@Override
	public Verdict apply(Call call) {
		return check(call.caller());
	}

	public Verdict check(Caller caller) {
		if (caller.holds(Permission.TOOL_EXECUTE)) {
			return Verdict.allow(Gate.TOOL_EXECUTE);
		}
		return Verdict.deny(Gate.TOOL_EXECUTE, "your role " + caller.role() + " does not hold the permission "
				+ Permission.TOOL_EXECUTE.wireName() + ", which every MCP tool call needs; no tool can be called");
	}

}
