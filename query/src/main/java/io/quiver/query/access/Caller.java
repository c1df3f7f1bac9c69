package io.quiver.query.access;

import java.util.Collection;
import java.util.Set;

import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;

/**
 * Who is calling: an authenticated subject mapped to a member of an organisation (SPEC
 * R2.1), as of the request being served.
 *
 * @param orgId the organisation named by the token
 * @param memberId the member the subject maps to
 * @param subject the token's subject
 * @param role the member's role now
 * @param status the member's status now
 * @param scopes the scopes the token grants
 * @param via which edge the call came through ({@code mcp}, {@code rest},
 * {@code console})
 */
public record Caller(String orgId, String memberId, String subject, Role role, MemberStatus status, Set<Scope> scopes,
		String via) {

	public Caller {
		scopes = Set.copyOf(scopes);
	}

	public boolean holds(Permission permission) {
		return this.status == MemberStatus.ACTIVE && RolePermissions.holds(this.role, permission);
	}

	public boolean holdsAny(Set<Permission> permissions) {
		return permissions.stream().anyMatch(this::holds);
	}

	public boolean isActive() {
		return this.status == MemberStatus.ACTIVE;
	}

	/**
	 * Whether a grant to these targets reaches this caller (SPEC R4.3, R5.2): one names
	 * its role ({@code role:MEMBER}) or its subject ({@code user:alice}).
	 */
	public boolean isTargetedBy(Collection<Target> targets) {
		return targets.contains(Target.role(this.role)) || targets.contains(Target.user(this.subject));
	}

}
