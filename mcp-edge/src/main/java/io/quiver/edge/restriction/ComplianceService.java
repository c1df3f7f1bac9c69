package io.quiver.edge.restriction;

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
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Scope;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.gate.EffectiveRestrictions;
import io.quiver.query.gate.RestrictionDecision;
import io.quiver.query.gate.RestrictionGate;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.gate.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyReplay;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * Compliance questions about restrictions (SPEC R8, R11.1), now or as of an instant
 * computed from the event store: the effective rules of a target or member, why a tool is
 * or is not reachable for a member, the tools a member could reach, and what changed
 * between two instants. The answers as of an instant use the same gates as the live
 * system, over the replayed state.
 */
@Service
public class ComplianceService {

	private final ControlPlaneAccess access;

	private final PolicyStore policies;

	private final PolicyReplay replay;

	private final RestrictionGate restrictions;

	private final ToolSurface surface;

	public ComplianceService(ControlPlaneAccess access, PolicyStore policies, PolicyReplay replay,
			RestrictionGate restrictions, ToolSurface surface) {
		this.access = access;
		this.policies = policies;
		this.replay = replay;
		this.restrictions = restrictions;
		this.surface = surface;
	}

	/**
	 * The effective rules of a target ({@code role:X} or {@code user:Y}) or of a member.
	 */
	public EffectiveReport effective(Caller caller, String target, String member, String at) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
		Instant instant = RestrictionService.parseInstant(at);
		return withState(caller, instant, (policy) -> {
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
				Target parsed = RestrictionService.parseTarget(target);
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
			return new EffectiveReport(about, stamp(instant), effective.layer(), effective.allowlist(),
					written(effective.allow()), written(effective.block()), effective.restrictionIds());
		});
	}

	/**
	 * Why a tool is or is not reachable for a member: which layer decided and which rule
	 * matched.
	 */
	public ExplainReport explain(Caller caller, String member, String tool, String at) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EXPLAIN);
		Instant instant = RestrictionService.parseInstant(at);
		return withState(caller, instant, (policy) -> {
			MemberView found = member(policy, member);
			ConnectedTool connected = policy.toolByName(tool);
			if (connected == null) {
				throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
						"no connected tool '" + tool + "'" + ((instant != null) ? " existed at " + instant : "")
								+ "; restrictions govern connected tools");
			}
			Caller subject = asCaller(policy, found);
			List<ExplainReport.ConnectionDecision> decisions = new ArrayList<>();
			for (int i = 0; i < connected.connectionIds().size(); i++) {
				RestrictionDecision decision = this.restrictions.decide(policy, subject, connected,
						connected.connectionIds().get(i));
				decisions.add(new ExplainReport.ConnectionDecision(connected.accountLabels().get(i), decision.allowed(),
						decision.layer(), decision.stage(), decision.restrictionId(), decision.item(),
						decision.matchedBy(), decision.reason()));
			}
			Verdict overall = this.surface.endpointVerdict(subject);
			if (overall.allowed()) {
				overall = this.surface.reach(policy, subject, connected).verdict();
			}
			return new ExplainReport(found.subject(), found.role().name(), tool, stamp(instant), overall.allowed(),
					overall.allowed() ? null : overall.gate().wireName(), overall.reason(), decisions);
		});
	}

	/** The tools a member could reach (with every scope), now or as of an instant. */
	public ReachReport reachable(Caller caller, String member, String at) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
		Instant instant = RestrictionService.parseInstant(at);
		return withState(caller, instant, (policy) -> reach(policy, member(policy, member), instant));
	}

	/**
	 * What a member could reach at {@code from} and at {@code to}, and the difference.
	 */
	public DiffReport diff(Caller caller, String member, String from, String to) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
		Instant start = RestrictionService.parseInstant(from);
		Instant end = RestrictionService.parseInstant(to);
		if (start == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "'from' is required");
		}
		ReachReport before = reachable(caller, member, from);
		ReachReport after = (end != null) ? reachable(caller, member, to) : reachable(caller, member, null);
		Set<String> added = new LinkedHashSet<>(after.tools());
		added.removeAll(before.tools());
		Set<String> removed = new LinkedHashSet<>(before.tools());
		removed.removeAll(after.tools());
		EffectiveReport rulesBefore = effective(caller, null, member, from);
		EffectiveReport rulesAfter = effective(caller, null, member, to);
		return new DiffReport(before.member(), before.at(), after.at(), List.copyOf(added), List.copyOf(removed),
				before.role(), after.role(), before.status(), after.status(), rulesBefore, rulesAfter);
	}

	private ReachReport reach(PolicySnapshot policy, MemberView member, Instant at) {
		CallerSurface visible = this.surface.of(policy, asCaller(policy, member));
		List<String> tools = new ArrayList<>();
		visible.controlPlane().forEach((operation) -> tools.add(operation.toolName()));
		visible.connected().forEach((tool) -> tools.add(tool.name()));
		return new ReachReport(member.subject(), stamp(at), member.role().name(), member.status().name(), tools,
				visible.count(), visible.collapsed());
	}

	private <T> T withState(Caller caller, Instant at, Function<PolicySnapshot, T> question) {
		if (at == null) {
			try (PolicyLease lease = this.policies.open(caller.orgId())) {
				return question.apply(lease.snapshot());
			}
		}
		if (at.isAfter(Instant.now())) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "'at' " + at + " is in the future");
		}
		PolicySnapshot past = this.replay.asOf(caller.orgId(), at);
		if (past == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"organisation '" + caller.orgId() + "' did not exist at " + at);
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
