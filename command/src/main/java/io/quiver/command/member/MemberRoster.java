package io.quiver.command.member;

import java.util.Optional;

import io.quiver.command.member.api.MemberErrorCode;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.shared.api.CommandRejectedException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Command-side lookup table of every organisation's members: subjects unique per
 * organisation and the set of active owners. Kept by a subscribing processor, so it is
 * written in the transaction that stores the event; the database then settles the races
 * the aggregates cannot see:
 * <ul>
 * <li>two invitations of one subject at once: the unique constraint refuses the
 * second;</li>
 * <li>two owners demoted, suspended or removed at once: owner-affecting changes lock the
 * organisation's row, and the second finds no owner left and is rolled back.</li>
 * </ul>
 * The aggregates ask it first so that the common case gets a clear refusal before any
 * event is applied.
 */
@Component
@ProcessingGroup(MemberRoster.PROCESSING_GROUP)
public class MemberRoster {

	public static final String PROCESSING_GROUP = "member-roster";

	private final JdbcTemplate jdbc;

	public MemberRoster(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Whether another (not removed) member of the organisation has this subject. */
	public boolean isSubjectTaken(String orgId, String subject) {
		Integer n = this.jdbc.queryForObject("SELECT count(*) FROM member_roster WHERE org_id = ? AND subject = ?",
				Integer.class, orgId, subject);
		return n != null && n > 0;
	}

	/** Active owners of the organisation other than the given member. */
	public int countActiveOwnersExcept(String orgId, String memberId) {
		Integer n = this.jdbc.queryForObject(
				"SELECT count(*) FROM member_roster WHERE org_id = ? AND role = 'OWNER' AND active AND member_id <> ?",
				Integer.class, orgId, memberId);
		return (n != null) ? n : 0;
	}

	/** The member id a subject maps to in an organisation, if any. */
	public Optional<String> memberIdOf(String orgId, String subject) {
		return this.jdbc
			.queryForList("SELECT member_id FROM member_roster WHERE org_id = ? AND subject = ?", String.class, orgId,
					subject)
			.stream()
			.findFirst();
	}

	@EventHandler
	void on(OrganizationCreatedEvent event) {
		this.jdbc.update("INSERT INTO organization_registry (org_id) VALUES (?)", event.orgId());
	}

	@EventHandler
	void on(MemberInvitedEvent event) {
		try {
			this.jdbc.update(
					"INSERT INTO member_roster (member_id, org_id, subject, role, active) VALUES (?, ?, ?, ?, TRUE)",
					event.memberId(), event.orgId(), event.subject(), event.role().name());
		}
		catch (DuplicateKeyException ex) {
			throw new CommandRejectedException(MemberErrorCode.SUBJECT_TAKEN, "subject '" + event.subject()
					+ "' is already a member of this organisation; change that member's role instead");
		}
	}

	@EventHandler
	void on(MemberRoleChangedEvent event) {
		boolean wasActiveOwner = (event.from() == Role.OWNER)
				&& lockAndCheckActiveOwner(event.orgId(), event.memberId());
		this.jdbc.update("UPDATE member_roster SET role = ? WHERE member_id = ?", event.to().name(), event.memberId());
		if (wasActiveOwner) {
			requireAnActiveOwner(event.orgId());
		}
	}

	@EventHandler
	void on(MemberSuspendedEvent event) {
		boolean wasActiveOwner = lockAndCheckActiveOwner(event.orgId(), event.memberId());
		this.jdbc.update("UPDATE member_roster SET active = FALSE WHERE member_id = ?", event.memberId());
		if (wasActiveOwner) {
			requireAnActiveOwner(event.orgId());
		}
	}

	@EventHandler
	void on(MemberReinstatedEvent event) {
		this.jdbc.update("UPDATE member_roster SET active = TRUE WHERE member_id = ?", event.memberId());
	}

	@EventHandler
	void on(MemberRemovedEvent event) {
		boolean wasActiveOwner = lockAndCheckActiveOwner(event.orgId(), event.memberId());
		this.jdbc.update("DELETE FROM member_roster WHERE member_id = ?", event.memberId());
		if (wasActiveOwner) {
			requireAnActiveOwner(event.orgId());
		}
	}

	/**
	 * Locks the organisation's row, then tells whether the member is one of its active
	 * owners. Only a change to an active owner can leave the organisation without one; an
	 * organisation that never had an owner must still be able to suspend or remove
	 * members.
	 */
	private boolean lockAndCheckActiveOwner(String orgId, String memberId) {
		this.jdbc.queryForList("SELECT org_id FROM organization_registry WHERE org_id = ? FOR UPDATE", String.class,
				orgId);
		Integer n = this.jdbc.queryForObject(
				"SELECT count(*) FROM member_roster WHERE member_id = ? AND role = 'OWNER' AND active", Integer.class,
				memberId);
		return n != null && n > 0;
	}

	private void requireAnActiveOwner(String orgId) {
		Integer owners = this.jdbc.queryForObject(
				"SELECT count(*) FROM member_roster WHERE org_id = ? AND role = 'OWNER' AND active", Integer.class,
				orgId);
		if (owners == null || owners == 0) {
			throw new CommandRejectedException(MemberErrorCode.LAST_OWNER,
					"this change would leave the organisation without an active OWNER; make another member OWNER first");
		}
	}

}
