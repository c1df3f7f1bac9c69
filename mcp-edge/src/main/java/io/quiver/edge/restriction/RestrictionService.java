package io.quiver.edge.restriction;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.CreateRestrictionCommand;
import io.quiver.command.restriction.api.DeleteRestrictionCommand;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.UpdateRestrictionCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.InputInstants;
import io.quiver.edge.support.Queries;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.RestrictionPins;
import io.quiver.query.restriction.api.FindRestrictionHistoryQuery;
import io.quiver.query.restriction.api.FindRestrictionQuery;
import io.quiver.query.restriction.api.FindRestrictionsQuery;
import io.quiver.query.restriction.api.RestrictionChange;
import io.quiver.query.restriction.api.RestrictionInput;
import io.quiver.query.restriction.api.RestrictionSummary;
import io.quiver.query.support.Instants;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * Restrictions of the caller's organisation (SPEC R8, R13 {@code restrictions}), for
 * every edge. Items are pinned against the catalog at write time (R8.6) by
 * {@link RestrictionPins#rules}; what an input means is on {@link RestrictionInput}.
 */
@Service
public class RestrictionService {

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final Queries queries;

	private final PolicyStore policies;

	private final RestrictionPins pins;

	public RestrictionService(ControlPlaneAccess access, Commands commands, Queries queries, PolicyStore policies,
			RestrictionPins pins) {
		this.access = access;
		this.commands = commands;
		this.queries = queries;
		this.policies = policies;
		this.pins = pins;
	}

	public List<RestrictionSummary> list(Caller caller, String target) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_LIST);
		String normalized = (target != null && !target.isBlank()) ? Target.parseInput(target).toString() : null;
		return this.queries.list(new FindRestrictionsQuery(caller.orgId(), normalized), RestrictionSummary.class);
	}

	public RestrictionSummary get(Caller caller, String restrictionId) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_GET);
		return find(caller, restrictionId);
	}

	/** Creates a restriction; its items are pinned now (R8.6). */
	public RestrictionSummary create(Caller caller, RestrictionInput input) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_CREATE);
		Target target = Target.parseInput(input.target());
		RestrictionRules rules = rules(caller, input, null);
		String restrictionId = "r-" + UUID.randomUUID();
		this.commands.send(caller, new CreateRestrictionCommand(restrictionId, caller.orgId(), target, rules));
		return find(caller, restrictionId);
	}

	/**
	 * Updates the rules: a field not written keeps its rules, null removes them.
	 */
	public RestrictionSummary update(Caller caller, String restrictionId, RestrictionInput input) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_UPDATE);
		RestrictionSummary current = find(caller, restrictionId);
		RestrictionRules rules = rules(caller, input, current.rules());
		this.commands.send(caller, new UpdateRestrictionCommand(current.restrictionId(), caller.orgId(), rules));
		return find(caller, current.restrictionId());
	}

	public RestrictionSummary delete(Caller caller, String restrictionId) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_DELETE);
		RestrictionSummary current = find(caller, restrictionId);
		this.commands.send(caller, new DeleteRestrictionCommand(current.restrictionId(), caller.orgId()));
		return current;
	}

	public List<RestrictionChange> history(Caller caller, String target, String from, String to, Integer limit) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_HISTORY);
		String normalized = (target != null && !target.isBlank()) ? Target.parseInput(target).toString() : null;
		return this.queries.list(new FindRestrictionHistoryQuery(caller.orgId(), normalized, instant(from), instant(to),
				(limit != null) ? limit : 500), RestrictionChange.class);
	}

	/** The rules as written, pinned on the organisation's state as it is now (R8.6). */
	private RestrictionRules rules(Caller caller, RestrictionInput input, RestrictionRules current) {
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			return this.pins.rules(lease.snapshot(), input, current);
		}
	}

	private RestrictionSummary find(Caller caller, String restrictionId) {
		if (restrictionId == null || restrictionId.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "name a restriction by id");
		}
		RestrictionSummary found = this.queries.one(new FindRestrictionQuery(caller.orgId(), restrictionId),
				RestrictionSummary.class);
		if (found == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no restriction '" + restrictionId + "'");
		}
		return found;
	}

	private static String instant(String written) {
		Instant instant = InputInstants.instant(written, written);
		return (instant != null) ? Instants.format(instant) : null;
	}

}
