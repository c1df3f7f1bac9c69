package io.quiver.edge.signin;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

import io.quiver.query.gate.Caller;
import io.quiver.query.gate.Scope;

/**
 * The scopes a member may grant a client: those the organisation allows the member's role
 * ({@code scopeCaps}, SPEC R13 {@code org update_settings}); every MCP scope where the
 * organisation sets no cap for the role. The caller's scopes already are the cap (the
 * console caller holds every scope, cut by the cap of its role), so this reads them.
 */
final class ScopeCaps {

	Set<String> allowed(Caller caller) {
		Set<String> allowed = new LinkedHashSet<>();
		for (String name : Arrays.asList(Scope.allWireNames().split(" "))) {
			if (caller.scopes().stream().anyMatch((scope) -> scope.wireName().equals(name))) {
				allowed.add(name);
			}
		}
		return allowed;
	}

}
