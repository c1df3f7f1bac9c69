package io.quiver.command.organization.api;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.quiver.command.member.api.Role;

/**
 * An organisation's settings.
 *
 * @param collapseThreshold the surface collapses when the count is greater than this
 * (SPEC R5.3)
 * @param outbound limits on outbound calls
 * @param scopeCaps per role, the most a member of that role may grant an AI client and
 * use through one (scope wire names, SPEC R14.3); a role not named has no cap
 * @param callsPerMinutePerMember the most {@code tools/call}s one member may make in a
 * minute, across all nodes (SPEC R15.2); 0 is no limit (and what events from before the
 * setting existed read as)
 * @param callsPerMinutePerConnection the most calls that may reach one connection in a
 * minute; 0 is no limit
 */
public record OrganizationSettings(int collapseThreshold, OutboundPolicy outbound, Map<Role, List<String>> scopeCaps,
		int callsPerMinutePerMember, int callsPerMinutePerConnection) {

	/** The highest rate limit that can be set, calls per minute. */
	public static final int MAX_CALLS_PER_MINUTE = 1_000_000;

	public static final int DEFAULT_COLLAPSE_THRESHOLD = 30;

	public static final OrganizationSettings DEFAULT = new OrganizationSettings(DEFAULT_COLLAPSE_THRESHOLD,
			OutboundPolicy.DEFAULT);

	public OrganizationSettings {
		if (collapseThreshold < 0 || collapseThreshold > 10_000) {
			throw new IllegalArgumentException("collapseThreshold must be between 0 and 10000");
		}
		if (outbound == null) {
			outbound = OutboundPolicy.DEFAULT;
		}
		Map<Role, List<String>> caps = new TreeMap<>();
		if (scopeCaps != null) {
			scopeCaps.forEach((role, scopes) -> {
				if (role == null || scopes == null) {
					throw new IllegalArgumentException("scopeCaps maps a role to a list of scopes");
				}
				caps.put(role, List.copyOf(new TreeSet<>(scopes)));
			});
		}
		scopeCaps = Map.copyOf(caps);
		requireRate("callsPerMinutePerMember", callsPerMinutePerMember);
		requireRate("callsPerMinutePerConnection", callsPerMinutePerConnection);
	}

	public OrganizationSettings(int collapseThreshold, OutboundPolicy outbound, Map<Role, List<String>> scopeCaps) {
		this(collapseThreshold, outbound, scopeCaps, 0, 0);
	}

	public OrganizationSettings(int collapseThreshold, OutboundPolicy outbound) {
		this(collapseThreshold, outbound, Map.of());
	}

	private static void requireRate(String name, int value) {
		if (value < 0 || value > MAX_CALLS_PER_MINUTE) {
			throw new IllegalArgumentException(name + " must be between 0 (no limit) and " + MAX_CALLS_PER_MINUTE);
		}
	}

	/**
	 * The scopes a member of the role may use through an AI client, or null for no cap.
	 */
	public Set<String> scopeCap(Role role) {
		List<String> cap = this.scopeCaps.get(role);
		return (cap != null) ? Set.copyOf(cap) : null;
	}

}
