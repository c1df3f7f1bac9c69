package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.ItemKind;
import io.quiver.command.restriction.api.Pin;
import io.quiver.command.restriction.api.RestrictionItem;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.RestrictionView;
import org.springframework.stereotype.Component;

/**
 * The restriction resolver (SPEC R8), consulted at browse, connect, advertise, execute
 * and the outbound URL (R8.7):
 * <ol>
 * <li>no rule for the caller allows everything (R8.2);</li>
 * <li>a user override replaces the role's rules outright (R8.3);</li>
 * <li>within the winning layer allows union, blocks union, and blocks beat allows
 * (R8.4);</li>
 * <li>the allowlist engages on the presence of an allow rule, so an allow rule naming
 * nothing denies everything (R8.5);</li>
 * <li>blocks match the advertised name or the pin; allows match the pin only, because a
 * displayed name is a label the governed party can edit (R8.6).</li>
 * </ol>
 * Restrictions govern connectors and connected tools; control-plane operations are
 * governed by roles and scopes.
 */
@Component
public class RestrictionGate extends AbstractCallStep {

	static final String NAME = "restriction";

	public RestrictionGate() {
		super(NAME, Extent.CONNECTION);
	}

	@Override
	public Verdict apply(Call call, String connectionId) {
		return decide(call.policy(), call.caller(), call.tool(), connectionId).verdict();
	}

	/**
	 * Whether a connected tool, executed on one of its connections, is reachable by the
	 * caller.
	 */
	public RestrictionDecision decide(PolicySnapshot policy, Caller caller, ConnectedTool tool, String connectionId) {
		Layer layer = layerOf(policy, caller.subject(), caller.role());
		if (layer == null) {
			return new RestrictionDecision(true, "none", "default", null, null, null,
					"no restriction applies to you or your role: everything is allowed");
		}
		for (Rule block : layer.blocks()) {
			String matchedBy = blockMatch(block.item(), tool, connectionId);
			if (matchedBy != null) {
				return new RestrictionDecision(false, layer.name(), "block", block.restrictionId(),
						block.item().written(), matchedBy, "blocked by restriction " + block.restrictionId() + " on "
								+ layer.name() + ": " + block.item().written() + " (matched by " + matchedBy + ")");
			}
		}
		if (layer.allowlist()) {
			for (Rule allow : layer.allows()) {
				if (pinMatches(allow.item().pin(), tool, connectionId)) {
					return new RestrictionDecision(true, layer.name(), "allowlist", allow.restrictionId(),
							allow.item().written(), "pin", "allowed by restriction " + allow.restrictionId() + " on "
									+ layer.name() + ": " + allow.item().written());
				}
			}
			return new RestrictionDecision(false, layer.name(), "allowlist", null, null, null,
					"withheld by the allowlist of " + layer.name() + ": no allow rule names " + tool.name()
							+ " (allow rules match the operation pinned when they were written, not the displayed name)");
		}
		return new RestrictionDecision(true, layer.name(), "default", null, null, null,
				"no block rule of " + layer.name() + " matches and no allowlist is in force");
	}

	/**
	 * Whether the caller may browse and connect a connector (R8.7): not blocked as a
	 * whole, and, if an allowlist is in force, some allow item pins something of it.
	 */
	public RestrictionDecision decideConnector(PolicySnapshot policy, String subject, Role role, String connectorId) {
		Layer layer = layerOf(policy, subject, role);
		if (layer == null) {
			return new RestrictionDecision(true, "none", "default", null, null, null,
					"no restriction applies: every connector is allowed");
		}
		for (Rule block : layer.blocks()) {
			if (block.item().kind() == ItemKind.CONNECTOR && block.item().pin().connectorId().equals(connectorId)) {
				return new RestrictionDecision(false, layer.name(), "block", block.restrictionId(),
						block.item().written(), "pin", "connector " + connectorId + " is blocked by restriction "
								+ block.restrictionId() + " on " + layer.name());
			}
		}
		if (layer.allowlist()) {
			for (Rule allow : layer.allows()) {
				if (allow.item().pin().connectorId().equals(connectorId)) {
					return new RestrictionDecision(true, layer.name(), "allowlist", allow.restrictionId(),
							allow.item().written(), "pin",
							"connector " + connectorId + " is named by allow rule " + allow.item().written());
				}
			}
			return new RestrictionDecision(false, layer.name(), "allowlist", null, null, null,
					"connector " + connectorId + " is withheld by the allowlist of " + layer.name());
		}
		return new RestrictionDecision(true, layer.name(), "default", null, null, null,
				"connector " + connectorId + " is not blocked");
	}

	/**
	 * The effective rules for a subject and role: which layer wins and its merged items
	 * (R8.3, R8.4).
	 */
	public EffectiveRestrictions effective(PolicySnapshot policy, String subject, Role role) {
		Layer layer = layerOf(policy, subject, role);
		if (layer == null) {
			return new EffectiveRestrictions("none", false, List.of(), List.of(), List.of());
		}
		return new EffectiveRestrictions(layer.name(), layer.allowlist(),
				layer.allows().stream().map(Rule::item).toList(), layer.blocks().stream().map(Rule::item).toList(),
				layer.restrictionIds());
	}

	private static Layer layerOf(PolicySnapshot policy, String subject, Role role) {
		if (subject != null) {
			List<RestrictionView> user = policy.restrictionsFor(Target.user(subject));
			if (!user.isEmpty()) {
				return Layer.of("user:" + subject, user);
			}
		}
		if (role != null) {
			List<RestrictionView> byRole = policy.restrictionsFor(Target.role(role));
			if (!byRole.isEmpty()) {
				return Layer.of("role:" + role.name(), byRole);
			}
		}
		return null;
	}

	private static String blockMatch(RestrictionItem item, ConnectedTool tool, String connectionId) {
		if (item.kind() == ItemKind.TOOL && item.name().equals(tool.name())) {
			return "name";
		}
		return pinMatches(item.pin(), tool, connectionId) ? "pin" : null;
	}

	private static boolean pinMatches(Pin pin, ConnectedTool tool, String connectionId) {
		if (!pin.connectorId().equals(tool.connectorId())) {
			return false;
		}
		if (pin.operation() == null) {
			return true;
		}
		return pin.operation().equals(tool.operation().name())
				&& (pin.connectionId() == null || pin.connectionId().equals(connectionId))
				&& (pin.toolboxEntryId() == null || (tool.kind() == ConnectedTool.Kind.ENTRY
						&& Objects.equals(pin.toolboxEntryId(), tool.toolboxId() + "/" + tool.entryId())));
	}

	private record Rule(String restrictionId, RestrictionItem item) {
	}

	private record Layer(String name, boolean allowlist, List<Rule> allows, List<Rule> blocks,
			List<String> restrictionIds) {

		static Layer of(String name, List<RestrictionView> restrictions) {
			boolean allowlist = false;
			List<Rule> allows = new ArrayList<>();
			List<Rule> blocks = new ArrayList<>();
			List<String> ids = new ArrayList<>();
			for (RestrictionView restriction : restrictions) {
				ids.add(restriction.restrictionId());
				if (restriction.rules().hasAllowRule()) {
					allowlist = true;
					restriction.rules()
						.allow()
						.forEach((item) -> allows.add(new Rule(restriction.restrictionId(), item)));
				}
				restriction.rules().block().forEach((item) -> blocks.add(new Rule(restriction.restrictionId(), item)));
			}
			return new Layer(name, allowlist, allows, blocks, ids);
		}

	}

}
