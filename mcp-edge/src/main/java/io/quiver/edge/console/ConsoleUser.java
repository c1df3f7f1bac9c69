package io.quiver.edge.console;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.quiver.query.access.Caller;
import io.quiver.query.access.Permission;
import io.quiver.query.access.RolePermissions;

/**
 * The signed-in member as the pages see it: who, in which organisation, with which role
 * and permissions. Pages use {@link #can} only to hide what the role cannot do; the
 * services refuse it anyway.
 *
 * @param subject the member's subject
 * @param memberId the member id
 * @param orgId the organisation
 * @param role the role now
 * @param method how they signed in
 * @param permissions the role's permissions, by wire name, sorted
 */
public record ConsoleUser(String subject, String memberId, String orgId, String role, String method,
		List<String> permissions) {

	static ConsoleUser of(Caller caller, ConsolePrincipal principal) {
		Set<String> permissions = new TreeSet<>();
		for (Permission permission : RolePermissions.of(caller.role())) {
			permissions.add(permission.wireName());
		}
		return new ConsoleUser(caller.subject(), caller.memberId(), caller.orgId(), caller.role().name(),
				(principal != null) ? principal.method() : "", List.copyOf(permissions));
	}

	/** Whether the role holds any of the permissions, written by wire name. */
	public boolean can(String... wireNames) {
		for (String name : wireNames) {
			if (this.permissions.contains(name)) {
				return true;
			}
		}
		return false;
	}

	public boolean developmentSignIn() {
		return "development".equals(this.method);
	}

}
