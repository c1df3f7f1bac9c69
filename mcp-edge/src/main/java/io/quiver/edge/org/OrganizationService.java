package io.quiver.edge.org;

import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.organization.api.ChangeOrganizationSettingsCommand;
import io.quiver.command.organization.api.OutboundPolicy;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * The caller's organisation and its settings (SPEC R13 {@code org}), for every edge.
 */
@Service
public class OrganizationService {

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final PolicyStore policies;

	public OrganizationService(ControlPlaneAccess access, Commands commands, PolicyStore policies) {
		this.access = access;
		this.commands = commands;
		this.policies = policies;
	}

	public OrganizationView get(Caller caller) {
		this.access.require(caller, ControlPlaneOperation.ORG_GET);
		return view(caller.orgId());
	}

	public OrganizationView updateSettings(Caller caller, Integer collapseThreshold, Integer timeoutMillis,
			Integer maxResponseBytes) {
		this.access.require(caller, ControlPlaneOperation.ORG_UPDATE_SETTINGS);
		if (collapseThreshold == null && timeoutMillis == null && maxResponseBytes == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"give at least one setting: collapseThreshold, outboundTimeoutMillis or outboundMaxResponseBytes");
		}
		OutboundPolicy outbound = null;
		if (timeoutMillis != null || maxResponseBytes != null) {
			OrganizationView current = view(caller.orgId());
			try {
				outbound = new OutboundPolicy((timeoutMillis != null) ? timeoutMillis : current.outboundTimeoutMillis(),
						(maxResponseBytes != null) ? maxResponseBytes : current.outboundMaxResponseBytes());
			}
			catch (IllegalArgumentException ex) {
				throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
			}
		}
		this.commands.send(caller, new ChangeOrganizationSettingsCommand(caller.orgId(), collapseThreshold, outbound));
		return view(caller.orgId());
	}

	private OrganizationView view(String orgId) {
		try (PolicyLease lease = this.policies.open(orgId)) {
			if (lease == null) {
				throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no organisation '" + orgId + "'");
			}
			PolicySnapshot policy = lease.snapshot();
			int members = (int) policy.members().stream().filter((m) -> m.status() != MemberStatus.REMOVED).count();
			return new OrganizationView(orgId, policy.name(), policy.settings().collapseThreshold(),
					policy.settings().outbound().timeoutMillis(), policy.settings().outbound().maxResponseBytes(),
					members, policy.connections().size(), policy.toolboxes().size(), policy.restrictions().size());
		}
	}

}
