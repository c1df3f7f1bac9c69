package io.quiver.edge.platform;

import java.util.UUID;
import java.util.regex.Pattern;

import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.member.api.InviteMemberCommand;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.CreateOrganizationCommand;
import io.quiver.command.organization.api.OrganizationErrorCode;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * Creates an organisation with its first OWNER (SPEC R14.6), for the REST endpoint and
 * the command-line admin command alike. The slug is the organisation id (lower-case
 * letters, digits and {@code -}); an existing one is a conflict; the organisation and its
 * owner are two events, the owner's invitation checked like any (a valid subject).
 */
@Service
public class OrganizationCreation {

	private static final Pattern SUBJECT = Pattern.compile("[\\x21-\\x7E]{1,255}");

	private final Commands commands;

	private final PolicyStore policies;

	public OrganizationCreation(Commands commands, PolicyStore policies) {
		this.commands = commands;
		this.policies = policies;
	}

	/** A created organisation. */
	public record Created(String orgId, String name, String ownerMemberId, String ownerSubject) {
	}

	public Created create(Actor operator, String slug, String name, String ownerSubject, String ownerEmail) {
		if (slug == null || slug.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "slug is required");
		}
		if (!OperationRef.isValidConnectorId(slug)) {
			// checked before anything is written: an organisation without its owner would
			// be stuck
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"slug '" + slug + "' is not valid: lower-case letters, digits and '-', at most 40 characters");
		}
		if (ownerSubject == null || !SUBJECT.matcher(ownerSubject).matches()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"owner.subject is required: 1 to 255 visible ASCII characters, no spaces");
		}
		try (PolicyLease existing = this.policies.open(slug)) {
			if (existing != null) {
				throw new CommandRejectedException(OrganizationErrorCode.ORGANIZATION_EXISTS,
						"organisation '" + slug + "' already exists; choose another slug");
			}
		}
		String memberId = "m-" + UUID.randomUUID();
		this.commands.sendAs(operator,
				new CreateOrganizationCommand(slug, (name != null && !name.isBlank()) ? name.strip() : slug));
		this.commands.sendAs(operator, new InviteMemberCommand(memberId, slug, ownerSubject, ownerEmail, Role.OWNER));
		return new Created(slug, name, memberId, ownerSubject);
	}

}
