package io.quiver.edge.restriction;

import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.InputInstants;
import io.quiver.edge.support.Queries;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.compliance.api.EffectiveRulesView;
import io.quiver.query.compliance.api.FindEffectiveRulesQuery;
import io.quiver.query.compliance.api.FindReachChangesQuery;
import io.quiver.query.compliance.api.FindReachableToolsQuery;
import io.quiver.query.compliance.api.FindToolDecisionQuery;
import io.quiver.query.compliance.api.ReachChangesView;
import io.quiver.query.compliance.api.ReachableToolsView;
import io.quiver.query.compliance.api.ToolDecisionView;
import org.springframework.stereotype.Service;

/**
 * Compliance questions about restrictions (SPEC R8, R11.1), now or as of an instant, for
 * every edge: checks access and the instants' shape, then asks compliance replay
 * ({@code query.compliance}).
 */
@Service
public class ComplianceService {

	private final ControlPlaneAccess access;

	private final Queries queries;

	public ComplianceService(ControlPlaneAccess access, Queries queries) {
		this.access = access;
		this.queries = queries;
	}

	/**
	 * The effective rules of a target ({@code role:X} or {@code user:Y}) or of a member.
	 */
	public EffectiveRulesView effective(Caller caller, String target, String member, String at) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
		return this.queries.one(
				new FindEffectiveRulesQuery(caller.orgId(), target, member, InputInstants.instant(at, at)),
				EffectiveRulesView.class);
	}

	/**
	 * Why a tool is or is not reachable for a member: which layer decided and which rule
	 * matched.
	 */
	public ToolDecisionView explain(Caller caller, String member, String tool, String at) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EXPLAIN);
		return this.queries.one(new FindToolDecisionQuery(caller.orgId(), member, tool, InputInstants.instant(at, at)),
				ToolDecisionView.class);
	}

	/** The tools a member could reach (with every scope), now or as of an instant. */
	public ReachableToolsView reachable(Caller caller, String member, String at) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
		return this.queries.one(new FindReachableToolsQuery(caller.orgId(), member, InputInstants.instant(at, at)),
				ReachableToolsView.class);
	}

	/**
	 * What a member could reach at {@code from} and at {@code to}, and the difference.
	 */
	public ReachChangesView diff(Caller caller, String member, String from, String to) {
		this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
		return this.queries.one(new FindReachChangesQuery(caller.orgId(), member, InputInstants.instant(from, from),
				InputInstants.instant(to, to)), ReachChangesView.class);
	}

}
