package io.quiver.edge.org;

import io.quiver.command.member.api.MemberStatus;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.ChangeOrganizationSettingsCommand;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.organization.api.OutboundPolicy;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Scope;
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

	/** Changes settings; a null one keeps its value. */
	public OrganizationView updateSettings(Caller caller, SettingsChange change) {
		this.access.require(caller, ControlPlaneOperation.ORG_UPDATE_SETTINGS);
		if (change.empty()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"give at least one setting: collapseThreshold, outboundTimeoutMillis, outboundMaxResponseBytes, "
							+ "scopeCaps, callsPerMinutePerMember or callsPerMinutePerConnection");
		}
		Integer timeoutMillis = change.outboundTimeoutMillis();
		Integer maxResponseBytes = change.outboundMaxResponseBytes();
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
		this.commands.send(caller,
				new ChangeOrganizationSettingsCommand(caller.orgId(), change.collapseThreshold(), outbound,
						caps(change.scopeCaps()), change.callsPerMinutePerMember(),
						change.callsPerMinutePerConnection()));
		return view(caller.orgId());
	}

	private static Map<Role, List<String>> caps(Map<String, List<String>> scopeCaps) {
		if (scopeCaps == null) {
			return null;
		}
		Map<Role, List<String>> caps = new EnumMap<>(Role.class);
		for (Map.Entry<String, List<String>> cap : scopeCaps.entrySet()) {
			Role role;
			try {
				role = Role.valueOf(String.valueOf(cap.getKey()));
			}
			catch (IllegalArgumentException ex) {
				throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
						"scopeCaps: '" + cap.getKey() + "' is not a role; roles are " + Arrays.toString(Role.values()));
			}
			List<String> scopes = (cap.getValue() != null) ? cap.getValue() : List.of();
			for (String scope : scopes) {
				if (Scope.parse(List.of(String.valueOf(scope))).isEmpty()) {
					throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
							"scopeCaps: '" + scope + "' is not a scope; scopes are " + Scope.allWireNames());
				}
			}
			caps.put(role, List.copyOf(scopes));
		}
		return caps;
	}

	private static Map<String, List<String>> caps(OrganizationSettings settings) {
		Map<String, List<String>> caps = new TreeMap<>();
		settings.scopeCaps().forEach((role, scopes) -> caps.put(role.name(), scopes));
		return caps;
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
					members, policy.connections().size(), policy.toolboxes().size(), policy.restrictions().size(),
					caps(policy.settings()), policy.settings().callsPerMinutePerMember(),
					policy.settings().callsPerMinutePerConnection());
		}
	}

}
