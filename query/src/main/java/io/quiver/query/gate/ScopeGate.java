package io.quiver.query.gate;

import io.quiver.command.catalog.api.Classification;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * The OAuth scope ladder (SPEC R3.2, R3.3): {@code mcp:read} reaches read,
 * {@code mcp:write} read and write, {@code mcp:destructive} all three; connected tools
 * also need {@code mcp:tools}; {@code forbidden} is reached by no scope and no role.
 */
@Component
public class ScopeGate extends AbstractCallStep {

	static final String NAME = "scope";

	public ScopeGate() {
		super(NAME, Extent.TOOL);
	}

	@Override
	public Verdict apply(Call call) {
		if (call.operation() != null) {
			return check(call.caller(), call.operation().classification(), false, call.operation().toolName());
		}
		if (call.tool() != null) {
			return check(call.caller(), call.tool().classification(), true, call.tool().name());
		}
		return Verdict.allow(Gate.SCOPE);
	}

	public Verdict check(Caller caller, Classification classification, boolean connected, String toolName) {
		if (classification == Classification.FORBIDDEN) {
			return Verdict.deny(Gate.SCOPE, toolName
					+ " is classified forbidden: no scope and no role can call it; ask an admin for another way");
		}
		if (connected && !caller.scopes().contains(Scope.TOOLS)) {
			return Verdict.deny(Gate.SCOPE,
					"missing scope " + Scope.TOOLS.wireName() + ": " + toolName + " is a connected tool, which needs "
							+ Scope.TOOLS.wireName() + " in addition to "
							+ Scope.ladderStepFor(classification).wireName());
		}
		if (!Scope.ladderReaches(caller.scopes(), classification)) {
			return Verdict.deny(Gate.SCOPE, "missing scope " + Scope.ladderStepFor(classification).wireName() + ": "
					+ toolName + " is a " + classification.wireName() + " tool; request a token with that scope");
		}
		return Verdict.allow(Gate.SCOPE);
	}

}
