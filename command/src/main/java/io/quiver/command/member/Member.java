package io.quiver.command.member;

import java.util.regex.Pattern;

import io.quiver.command.member.api.ChangeMemberRoleCommand;
import io.quiver.command.member.api.InviteMemberCommand;
import io.quiver.command.member.api.MemberErrorCode;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.member.api.ReinstateMemberCommand;
import io.quiver.command.member.api.RemoveMemberCommand;
import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.SuspendMemberCommand;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.command.shared.api.TextField;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A member of an organisation: a subject (the token's {@code sub}) with a role (SPEC R2).
 * <p>
 * Invariants:
 * <ul>
 * <li>a subject is a member of an organisation at most once ({@link MemberRoster});</li>
 * <li>only an OWNER makes, changes, suspends, reinstates or removes an OWNER (R2.4): the
 * acting member's role travels as the command's {@link Actor#ROLE_KEY} metadata;</li>
 * <li>at least one active OWNER always remains: the last one cannot be demoted, suspended
 * or removed ({@link MemberRoster} settles concurrent attempts);</li>
 * <li>a removed member accepts no further command;</li>
 * <li>a command asking for the state the member is already in (suspending a suspended
 * member, reinstating an active one, giving the current role) succeeds and changes
 * nothing, so that a retried request is harmless; the answer shows the member's
 * status;</li>
 * <li>a command naming another organisation finds no member.</li>
 * </ul>
 */
@Aggregate
public class Member {

	private static final Pattern SUBJECT = Pattern.compile("[\\x21-\\x7E]{1,255}");

	/** The longest e-mail address (RFC 5321: 64 + 1 + 255). */
	private static final int MAX_EMAIL = 320;

	@AggregateIdentifier
	private String memberId;

	private String orgId;

	private String subject;

	private Role role;

	private Status status;

	protected Member() {
	}

	@CommandHandler
	public Member(InviteMemberCommand command, MemberRoster roster, @MetaDataValue(Actor.ROLE_KEY) String actorRole) {
		if (command.role() == Role.OWNER) {
			requireOwnerActing(actorRole);
		}
		if (command.subject() == null || !SUBJECT.matcher(command.subject()).matches()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"subject '" + command.subject() + "' is not valid: 1 to 255 visible ASCII characters, no spaces");
		}
		if (command.role() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "an invitation needs a role");
		}
		TextField.singleLine("email", command.email(), MAX_EMAIL);
		if (roster.isSubjectTaken(command.orgId(), command.subject())) {
			throw new CommandRejectedException(MemberErrorCode.SUBJECT_TAKEN, "subject '" + command.subject()
					+ "' is already a member of this organisation; change that member's role instead");
		}
		apply(new MemberInvitedEvent(command.orgId(), command.memberId(), command.subject(), command.email(),
				command.role()));
	}

	@CommandHandler
	void handle(ChangeMemberRoleCommand command, MemberRoster roster, @MetaDataValue(Actor.ROLE_KEY) String actorRole) {
		requireSameOrganization(command.orgId());
		if (command.role() == Role.OWNER || this.role == Role.OWNER) {
			requireOwnerActing(actorRole);
		}
		requireNotRemoved();
		if (command.role() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "a role change needs a role");
		}
		if (command.role() == this.role) {
			return;
		}
		if (this.role == Role.OWNER && this.status == Status.ACTIVE) {
			requireNotLastOwner(roster);
		}
		apply(new MemberRoleChangedEvent(this.orgId, this.memberId, this.role, command.role()));
	}

	@CommandHandler
	void handle(SuspendMemberCommand command, MemberRoster roster, @MetaDataValue(Actor.ROLE_KEY) String actorRole) {
		requireSameOrganization(command.orgId());
		requireOwnerActingOnOwner(actorRole);
		requireNotRemoved();
		if (this.status == Status.SUSPENDED) {
			return;
		}
		if (this.role == Role.OWNER) {
			requireNotLastOwner(roster);
		}
		apply(new MemberSuspendedEvent(this.orgId, this.memberId));
	}

	@CommandHandler
	void handle(ReinstateMemberCommand command, @MetaDataValue(Actor.ROLE_KEY) String actorRole) {
		requireSameOrganization(command.orgId());
		requireOwnerActingOnOwner(actorRole);
		requireNotRemoved();
		if (this.status == Status.ACTIVE) {
			return;
		}
		apply(new MemberReinstatedEvent(this.orgId, this.memberId));
	}

	@CommandHandler
	void handle(RemoveMemberCommand command, MemberRoster roster, @MetaDataValue(Actor.ROLE_KEY) String actorRole) {
		requireSameOrganization(command.orgId());
		requireOwnerActingOnOwner(actorRole);
		if (this.status == Status.REMOVED) {
			return;
		}
		if (this.role == Role.OWNER && this.status == Status.ACTIVE) {
			requireNotLastOwner(roster);
		}
		apply(new MemberRemovedEvent(this.orgId, this.memberId, this.subject));
	}

	private void requireSameOrganization(String orgId) {
		if (!this.orgId.equals(orgId)) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no member '" + this.memberId + "' in organisation '" + orgId + "'");
		}
	}

	private void requireOwnerActingOnOwner(String actorRole) {
		if (this.role == Role.OWNER) {
			requireOwnerActing(actorRole);
		}
	}

	private static void requireOwnerActing(String actorRole) {
		if (!Role.OWNER.name().equals(actorRole)) {
			throw new CommandRejectedException(MemberErrorCode.OWNER_REQUIRED,
					"only an OWNER makes, changes, suspends or removes an OWNER; your role is "
							+ ((actorRole != null) ? actorRole : "unknown"));
		}
	}

	private void requireNotRemoved() {
		if (this.status == Status.REMOVED) {
			throw new CommandRejectedException(MemberErrorCode.MEMBER_REMOVED,
					"member '" + this.memberId + "' was removed; invite the subject again to give them access");
		}
	}

	private void requireNotLastOwner(MemberRoster roster) {
		if (roster.countActiveOwnersExcept(this.orgId, this.memberId) == 0) {
			throw new CommandRejectedException(MemberErrorCode.LAST_OWNER, "member '" + this.subject
					+ "' is the last active OWNER of the organisation; " + "make another member OWNER first");
		}
	}

	@EventSourcingHandler
	void on(MemberInvitedEvent event) {
		this.memberId = event.memberId();
		this.orgId = event.orgId();
		this.subject = event.subject();
		this.role = event.role();
		this.status = Status.ACTIVE;
	}

	@EventSourcingHandler
	void on(MemberRoleChangedEvent event) {
		this.role = event.to();
	}

	@EventSourcingHandler
	void on(MemberSuspendedEvent event) {
		this.status = Status.SUSPENDED;
	}

	@EventSourcingHandler
	void on(MemberReinstatedEvent event) {
		this.status = Status.ACTIVE;
	}

	@EventSourcingHandler
	void on(MemberRemovedEvent event) {
		this.status = Status.REMOVED;
	}

	private enum Status {

		ACTIVE, SUSPENDED, REMOVED

	}

}
