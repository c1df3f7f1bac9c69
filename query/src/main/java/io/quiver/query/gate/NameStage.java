package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.List;

import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.InBandErrors;
import io.quiver.query.gate.api.MetaToolNames;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.springframework.stereotype.Component;

/**
 * Resolves the name (SPEC R7.1, R7.4): a control-plane operation, or a connected tool of
 * the organisation; an unknown name is answered with the names the caller can call. A
 * resource read (R12.8) names the tool of its link, which must still exist on the link's
 * connection.
 */
@Component
class NameStage extends AbstractCallStep {

	static final String NAME = "name";

	NameStage() {
		super(NAME, Extent.CALL);
	}

	@Override
	public Verdict apply(Call call) {
		if (call.read()) {
			return resolveLink(call);
		}
		if (call.search()) {
			return Verdict.allow(Gate.NAME);
		}
		ControlPlaneOperation operation = ControlPlaneOperation.ofToolName(call.name());
		if (operation != null) {
			call.resolved(operation);
			return Verdict.allow(Gate.NAME);
		}
		ConnectedTool tool = call.policy().toolByName(call.name());
		if (tool == null) {
			return Verdict.deny(Gate.NAME, UnknownToolNames.message(call.name(), visibleNames(call.surface())));
		}
		call.resolved(tool);
		return Verdict.allow(Gate.NAME);
	}

	private static Verdict resolveLink(Call call) {
		Call.Link link = call.link();
		ConnectedTool tool = (link != null) ? call.policy().tool(link.toolKey()) : null;
		if (tool == null || !tool.connectionIds().contains(link.connectionId())) {
			return Verdict.deny(Gate.NAME, InBandErrors.notAResourceLink());
		}
		call.resolved(tool);
		return Verdict.allow(Gate.NAME);
	}

	private static List<String> visibleNames(CallerSurface visible) {
		List<String> names = new ArrayList<>();
		visible.controlPlane().forEach((op) -> names.add(op.toolName()));
		if (visible.collapsed()) {
			names.add(MetaToolNames.SEARCH_TOOLS);
			names.add(MetaToolNames.EXECUTE_TOOL);
		}
		visible.connected().forEach((tool) -> names.add(tool.name()));
		return names;
	}

}
