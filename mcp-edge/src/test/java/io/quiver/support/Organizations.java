package io.quiver.support;

import java.util.UUID;

import io.quiver.command.member.api.InviteMemberCommand;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.CreateOrganizationCommand;
import io.quiver.command.shared.api.Actor;
import io.quiver.edge.security.DevIssuer;
import io.quiver.edge.support.Commands;
import io.quiver.query.access.Scope;
import org.springframework.stereotype.Component;

/**
 * Creates test organisations (there is no API for that: a deployment bootstraps its own)
 * and tokens for their members, signed by the local issuer like any client's.
 */
@Component
public class Organizations {

	private final Commands commands;

	private final DevIssuer issuer;

	public Organizations(Commands commands, DevIssuer issuer) {
		this.commands = commands;
		this.issuer = issuer;
	}

	/**
	 * A fresh organisation with an OWNER whose subject is {@code owner}; returns its id.
	 */
	public String create(String prefix) {
		String orgId = (prefix + "-" + UUID.randomUUID().toString().substring(0, 8)).toLowerCase();
		this.commands.sendAs(Actor.SYSTEM, new CreateOrganizationCommand(orgId, prefix));
		this.commands.sendAs(Actor.SYSTEM,
				new InviteMemberCommand("m-" + UUID.randomUUID(), orgId, "owner", null, Role.OWNER));
		return orgId;
	}

	public String token(String orgId, String subject) {
		return token(orgId, subject, Scope.allWireNames());
	}

	public String token(String orgId, String subject, String scope) {
		return this.issuer.issue(subject, orgId, scope).accessToken();
	}

}
