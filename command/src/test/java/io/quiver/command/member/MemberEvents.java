package io.quiver.command.member;

import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.member.api.Role;

/**
 * Member events with test defaults: member {@value #MEMBER_ID} ({@value #SUBJECT}) of
 * organisation {@value #ORG_ID}.
 */
public final class MemberEvents {

	public static final String ORG_ID = "acme";

	public static final String OTHER_ORG_ID = "globex";

	public static final String MEMBER_ID = "m-alice";

	public static final String SUBJECT = "alice";

	public static final String EMAIL = "alice@acme.example";

	private MemberEvents() {
	}

	public static MemberInvitedEvent invited(Role role) {
		return invited(MEMBER_ID, SUBJECT, role);
	}

	public static MemberInvitedEvent invited(String memberId, String subject, Role role) {
		return new MemberInvitedEvent(ORG_ID, memberId, subject, subject + "@acme.example", role);
	}

	public static MemberRoleChangedEvent roleChanged(Role from, Role to) {
		return roleChanged(MEMBER_ID, from, to);
	}

	public static MemberRoleChangedEvent roleChanged(String memberId, Role from, Role to) {
		return new MemberRoleChangedEvent(ORG_ID, memberId, from, to);
	}

	public static MemberSuspendedEvent suspended() {
		return suspended(MEMBER_ID);
	}

	public static MemberSuspendedEvent suspended(String memberId) {
		return new MemberSuspendedEvent(ORG_ID, memberId);
	}

	public static MemberReinstatedEvent reinstated() {
		return reinstated(MEMBER_ID);
	}

	public static MemberReinstatedEvent reinstated(String memberId) {
		return new MemberReinstatedEvent(ORG_ID, memberId);
	}

	public static MemberRemovedEvent removed() {
		return removed(MEMBER_ID, SUBJECT);
	}

	public static MemberRemovedEvent removed(String memberId, String subject) {
		return new MemberRemovedEvent(ORG_ID, memberId, subject);
	}

}
