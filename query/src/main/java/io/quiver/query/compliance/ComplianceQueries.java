package io.quiver.query.compliance;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.RestrictionItem;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.compliance.api.EffectiveRulesView;
import io.quiver.query.compliance.api.FindEffectiveRulesQuery;
import io.quiver.query.compliance.api.FindReachChangesQuery;
import io.quiver.query.compliance.api.FindReachableToolsQuery;
import io.quiver.query.compliance.api.FindToolDecisionQuery;
import io.quiver.query.compliance.api.ReachChangesView;
import io.quiver.query.compliance.api.ReachableToolsView;
import io.quiver.query.compliance.api.ToolDecisionView;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.gate.EffectiveRestrictions;
import io.quiver.query.gate.RestrictionDecision;
import io.quiver.query.gate.RestrictionGate;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyReplay;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Answers the compliance questions (SPEC R8, R11.1) over the live state or over the state
 * as of an instant replayed from the event store, with the same gates as the live system.
 * Refusals (an instant in the future, an organisation, member or tool that did not exist)
 * are thrown as {@link CommandRejectedException}.
 */
@Component
public class ComplianceQueries {

	private final PolicyStore policies;

	private final PolicyReplay replay;

	private final RestrictionGate restrictions;

	private final ToolSurface surface;

	public ComplianceQueries(PolicyStore policies, PolicyReplay replay, RestrictionGate restrictions,
			ToolSurface surface) {
		this.policies = policies;
		this.replay = replay;
		this.restrictions = restrictions;
		this.surface = surface;
	}

	@QueryHandler
	public EffectiveRulesView effective(FindEffectiveRulesQuery query) {
		return withState(query.orgId(), query.at(),
				(policy) -> effective(policy, query.target(), query.member(), query.at()));
	}

	private EffectiveRulesView effective(PolicySnapshot policy, String target, String member, Instant at) {
		String subject;
		Role role;
		String about;
		if (member != null && !member.isBlank()) {
			MemberView found = member(policy, member);
			subject = found.subject();
			role = found.role();
			about = "member " + found.subject() + " (" + found.role() + ")";
		}
		else if (target != null && !target.isBlank()) {
			Target parsed = parseTarget(target);
			subject = (parsed.kind() == Target.Kind.USER) ? parsed.value() : null;
			MemberView user = (subject != null) ? policy.memberBySubject(subject) : null;
			role = (parsed.kind() == Target.Kind.ROLE) ? Role.valueOf(parsed.value())
					: (user != null) ? user.role() : null;
			about = parsed.toString();
		}
		else {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"name a target (role:{ROLE} or user:{subject}) or a member");
		}
		EffectiveRestrictions effective = this.restrictions.effective(policy, subject, role);
		return new EffectiveRulesView(about, stamp(at), effective.layer(), effective.allowlist(),
				written(effective.allow()), written(effective.block()), effective.restrictionIds());
	}

	@QueryHandler
	public ToolDecisionView explain(FindToolDecisionQuery query) {
		Instant at = query.at();
		return withState(query.orgId(), at, (policy) -> {
			MemberView found = member(policy, query.member());
			ConnectedTool connected = policy.toolByName(query.tool());
			if (connected == null) {
				throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no connected tool '" + query.tool() + "'"
						+ ((at != null) ? " existed at " + at : "") + "; restrictions govern connected tools");
			}
			Caller subject = asCaller(policy, found);
			List<ToolDecisionView.ConnectionDecision> decisions = new ArrayList<>();
			for (int i = 0; i < connected.connectionIds().size(); i++) {
				RestrictionDecision decision = this.restrictions.decide(policy, subject, connected,
						connected.connectionIds().get(i));
				decisions.add(new ToolDecisionView.ConnectionDecision(connected.accountLabels().get(i),
						decision.allowed(), decision.layer(), decision.stage(), decision.restrictionId(),
						decision.item(), decision.matchedBy(), decision.reason()));
			}
			Verdict overall = this.surface.endpointVerdict(subject);
			if (overall.allowed()) {
				overall = this.surface.reach(policy, subject, connected).verdict();
			}
			return new ToolDecisionView(found.subject(), found.role().name(), query.tool(), stamp(at),
					overall.allowed(), overall.allowed() ? null : overall.gate().wireName(), overall.reason(),
					decisions);
		});
	}

	@QueryHandler
	public ReachableToolsView reachable(FindReachableToolsQuery query) {
		return withState(query.orgId(), query.at(),
				(policy) -> reach(policy, member(policy, query.member()), query.at()));
	}

	/**
	 * The reachable tools and effective rules at both instants, each instant replayed
	 * once for both answers.
	 */
	@QueryHandler
	public ReachChangesView changes(FindReachChangesQuery query) {
		if (query.from() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "'from' is required");
		}
		Moment before = moment(query.orgId(), query.member(), query.from());
		Moment after = moment(query.orgId(), query.member(), query.to());
		Set<String> added = new LinkedHashSet<>(after.reach().tools());
		added.removeAll(before.reach().tools());
		Set<String> removed = new LinkedHashSet<>(before.reach().tools());
		removed.removeAll(after.reach().tools());
		return new ReachChangesView(before.reach().member(), before.reach().at(), after.reach().at(),
				List.copyOf(added), List.copyOf(removed), before.reach().role(), after.reach().role(),
				before.reach().status(), after.reach().status(), before.rules(), after.rules());
	}

	private Moment moment(String orgId, String member, Instant at) {
		return withState(orgId, at,
				(policy) -> new Moment(reach(policy, member(policy, member), at), effective(policy, null, member, at)));
	}

	/** What a member could reach at an instant, and the rules in effect for it then. */
	private record Moment(ReachableToolsView reach, EffectiveRulesView rules) {
	}

	private ReachableToolsView reach(PolicySnapshot policy, MemberView member, Instant at) {
		CallerSurface visible = this.surface.of(policy, asCaller(policy, member));
		List<String> tools = new ArrayList<>();
		visible.controlPlane().forEach((operation) -> tools.add(operation.toolName()));
		visible.connected().forEach((tool) -> tools.add(tool.name()));
		return new ReachableToolsView(member.subject(), stamp(at), member.role().name(), member.status().name(), tools,
				visible.count(), visible.collapsed());
	}

	private <T> T withState(String orgId, Instant at, Function<PolicySnapshot, T> question) {
		if (at == null) {
			try (PolicyLease lease = this.policies.open(orgId)) {
				return question.apply(lease.snapshot());
			}
		}
		if (at.isAfter(Instant.now())) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "'at' " + at + " is in the future");
		}
		PolicySnapshot past = this.replay.asOf(orgId, at);
		if (past == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"organisation '" + orgId + "' did not exist at " + at);
		}
		return question.apply(past);
	}

	private static MemberView member(PolicySnapshot policy, String member) {
		if (member == null || member.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "name a member by id or subject");
		}
		MemberView found = policy.member(member);
		if (found == null) {
			found = policy.memberBySubject(member);
		}
		if (found == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no member '" + member + "'");
		}
		return found;
	}

	private static Target parseTarget(String written) {
		try {
			return Target.parse(written);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
	}

	/** The member as a caller holding every scope: what its role and the rules allow. */
	private static Caller asCaller(PolicySnapshot policy, MemberView member) {
		return new Caller(policy.orgId(), member.memberId(), member.subject(), member.role(), member.status(),
				Set.of(Scope.values()), "compliance");
	}

	private static List<String> written(List<RestrictionItem> items) {
		return items.stream().map(RestrictionItem::written).toList();
	}

	private static String stamp(Instant at) {
		return (at != null) ? at.toString() : "now";
	}

}
