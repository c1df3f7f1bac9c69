package io.quiver.query.gate;

import io.quiver.query.access.Caller;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.ToolboxView;
import org.springframework.stereotype.Component;

/**
 * Who may reach a connected tool at all (SPEC R5.2): an account tool is its connection
 * owner's; a toolbox entry is for the roles and users the toolbox is granted to.
 */
@Component
public class AccessGate extends AbstractCallStep {

	static final String NAME = "access";

	public AccessGate() {
		super(NAME, Extent.TOOL);
	}

	@Override
	public Verdict apply(Call call) {
		return (call.tool() != null) ? check(call.policy(), call.caller(), call.tool()) : Verdict.allow(Gate.ACCESS);
	}

	public Verdict check(PolicySnapshot policy, Caller caller, ConnectedTool tool) {
		if (tool.kind() == ConnectedTool.Kind.ACCOUNT) {
			if (caller.memberId().equals(tool.ownerMemberId())) {
				return Verdict.allow(Gate.ACCESS);
			}
			return Verdict.deny(Gate.ACCESS, tool.name() + " uses connection '" + tool.accountLabels().get(0)
					+ "', which belongs to another member; only its owner's clients reach its tools");
		}
		ToolboxView toolbox = policy.toolbox(tool.toolboxId());
		if (toolbox != null && caller.isTargetedBy(toolbox.grants())) {
			return Verdict.allow(Gate.ACCESS);
		}
		String name = (toolbox != null) ? toolbox.name() : tool.toolboxId();
		return Verdict.deny(Gate.ACCESS, tool.name() + " belongs to toolbox '" + name
				+ "', which is granted neither to role " + caller.role() + " nor to you");
	}

}
