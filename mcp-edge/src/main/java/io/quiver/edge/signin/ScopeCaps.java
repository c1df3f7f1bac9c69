package io.quiver.edge.signin;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;

/**
 * The scopes a member may grant a client: those the organisation allows the member's role
 * now ({@code scopeCaps}, SPEC R13 {@code org update_settings}, R14.3), every MCP scope
 * when it sets no cap for the role. The same cap cuts the scopes of every token on every
 * request ({@code CallerResolver}), so a cap lowered after the consent applies too.
 */
final class ScopeCaps {

	private final PolicyStore policies;

	ScopeCaps(PolicyStore policies) {
		this.policies = policies;
	}

	Set<String> allowed(Caller caller) {
		Set<String> cap;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			cap = (lease != null) ? lease.snapshot().settings().scopeCap(caller.role()) : Set.of();
		}
		Set<String> allowed = new LinkedHashSet<>();
		for (String name : Arrays.asList(Scope.allWireNames().split(" "))) {
			if (cap == null || cap.contains(name)) {
				allowed.add(name);
			}
		}
		return allowed;
	}

}
