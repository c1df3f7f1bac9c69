package io.quiver.command.member;

import java.util.Map;

import io.quiver.command.LookupTableIntegrationTest;
import io.quiver.command.member.api.MemberErrorCode;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.shared.api.CommandRejectedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;

import static io.quiver.command.member.MemberEvents.ORG_ID;
import static io.quiver.command.member.MemberEvents.OTHER_ORG_ID;
import static io.quiver.command.member.MemberEvents.invited;
import static io.quiver.command.member.MemberEvents.reinstated;
import static io.quiver.command.member.MemberEvents.removed;
import static io.quiver.command.member.MemberEvents.roleChanged;
import static io.quiver.command.member.MemberEvents.suspended;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The member roster keeps subjects unique per organisation and an active OWNER present,
 * on a real database: its constraint and its organisation lock are what settle races the
 * aggregates cannot see.
 */
@Import(MemberRoster.class)
class MemberRosterIntegrationTest extends LookupTableIntegrationTest {

	private static final String ALICE = "m-alice";

	private static final String BOB = "m-bob";

	private static final String CAROL = "m-carol";

	@Autowired
	private MemberRoster roster;

	@BeforeEach
	void organizations() {
		this.roster.on(new OrganizationCreatedEvent(ORG_ID, "Acme Corp", OrganizationSettings.DEFAULT));
		this.roster.on(new OrganizationCreatedEvent(OTHER_ORG_ID, "Globex", OrganizationSettings.DEFAULT));
	}

	private Map<String, Object> row(String memberId) {
		return this.jdbc.queryForMap("SELECT org_id, subject, role, active FROM member_roster WHERE member_id = ?",
				memberId);
	}

	private int activeOwners(String orgId) {
		return this.jdbc.queryForObject(
				"SELECT count(*) FROM member_roster WHERE org_id = ? AND role = 'OWNER' AND active", Integer.class,
				orgId);
	}

	@Test
	void givenOrganization_whenMemberInvited_thenRosterHoldsAnActiveMember() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));

		assertThat(row(ALICE)).containsEntry("org_id", ORG_ID)
			.containsEntry("subject", "alice")
			.containsEntry("role", "OWNER")
			.containsEntry("active", true);
		assertThat(this.roster.isSubjectTaken(ORG_ID, "alice")).isTrue();
		assertThat(this.roster.memberIdOf(ORG_ID, "alice")).contains(ALICE);
	}

	@Test
	void givenMember_whenSameSubjectInvitedAgain_thenSubjectTaken() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));

		CommandRejectedException refusal = refusalOf(() -> this.roster.on(invited(BOB, "alice", Role.MEMBER)));

		assertThat(refusal.errorCode()).isEqualTo(MemberErrorCode.SUBJECT_TAKEN);
		assertThat(refusal.getMessage()).contains("subject 'alice' is already a member of this organisation");
		assertThat(this.roster.memberIdOf(ORG_ID, "alice")).contains(ALICE);
		assertThat(
				this.jdbc.queryForObject("SELECT count(*) FROM member_roster WHERE member_id = ?", Integer.class, BOB))
			.isZero();
	}

	@Test
	void givenSubjectInAnotherOrganization_whenInvited_thenAccepted() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));

		this.roster.on(new MemberInvitedEvent(OTHER_ORG_ID, BOB, "alice", null, Role.OWNER));

		assertThat(this.roster.memberIdOf(ORG_ID, "alice")).contains(ALICE);
		assertThat(this.roster.memberIdOf(OTHER_ORG_ID, "alice")).contains(BOB);
		assertThat(this.roster.isSubjectTaken(OTHER_ORG_ID, "bob")).isFalse();
	}

	@Test
	void givenRemovedMember_whenSubjectInvitedAgain_thenAcceptedAsANewMember() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.MEMBER));
		this.roster.on(removed(BOB, "bob"));

		this.roster.on(invited(CAROL, "bob", Role.ADMIN));

		assertThat(this.roster.memberIdOf(ORG_ID, "bob")).contains(CAROL);
	}

	@Test
	void givenOwners_whenCounted_thenOnlyOtherActiveOwnersOfTheOrganizationCount() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.OWNER));
		this.roster.on(invited(CAROL, "carol", Role.ADMIN));
		this.roster.on(new MemberInvitedEvent(OTHER_ORG_ID, "m-dave", "dave", null, Role.OWNER));

		assertThat(this.roster.countActiveOwnersExcept(ORG_ID, ALICE)).isEqualTo(1);
		assertThat(this.roster.countActiveOwnersExcept(ORG_ID, CAROL)).isEqualTo(2);

		this.roster.on(suspended(BOB));

		assertThat(this.roster.countActiveOwnersExcept(ORG_ID, ALICE)).isZero();
	}

	@Test
	void givenTwoOwners_whenOneDemoted_thenAccepted() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.OWNER));

		this.roster.on(roleChanged(BOB, Role.OWNER, Role.ADMIN));

		assertThat(row(BOB)).containsEntry("role", "ADMIN");
		assertThat(activeOwners(ORG_ID)).isEqualTo(1);
	}

	@Test
	void givenLastActiveOwner_whenDemoted_thenLastOwnerAndRoleKept() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.OWNER));
		this.roster.on(suspended(BOB));

		CommandRejectedException refusal = refusalOf(() -> this.roster.on(roleChanged(ALICE, Role.OWNER, Role.ADMIN)));

		assertThat(refusal.errorCode()).isEqualTo(MemberErrorCode.LAST_OWNER);
		assertThat(refusal.getMessage()).contains("without an active OWNER");
		assertThat(row(ALICE)).containsEntry("role", "OWNER");
	}

	@Test
	void givenLastActiveOwner_whenSuspended_thenLastOwnerAndStillActive() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.ADMIN));

		CommandRejectedException refusal = refusalOf(() -> this.roster.on(suspended(ALICE)));

		assertThat(refusal.errorCode()).isEqualTo(MemberErrorCode.LAST_OWNER);
		assertThat(row(ALICE)).containsEntry("active", true);
	}

	@Test
	void givenLastActiveOwner_whenRemoved_thenLastOwnerAndStillListed() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));

		CommandRejectedException refusal = refusalOf(() -> this.roster.on(removed(ALICE, "alice")));

		assertThat(refusal.errorCode()).isEqualTo(MemberErrorCode.LAST_OWNER);
		assertThat(this.roster.memberIdOf(ORG_ID, "alice")).contains(ALICE);
	}

	@Test
	void givenLastActiveOwnerOfAnotherOrganization_whenThisOrganizationsOwnerDemoted_thenTheyDoNotCount() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(new MemberInvitedEvent(OTHER_ORG_ID, "m-dave", "dave", null, Role.OWNER));

		CommandRejectedException refusal = refusalOf(() -> this.roster.on(roleChanged(ALICE, Role.OWNER, Role.MEMBER)));

		assertThat(refusal.errorCode()).isEqualTo(MemberErrorCode.LAST_OWNER);
	}

	@Test
	void givenOwnerAndSuspendedMember_whenMemberReinstated_thenActiveAgain() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.MEMBER));
		this.roster.on(suspended(BOB));

		this.roster.on(reinstated(BOB));

		assertThat(row(BOB)).containsEntry("active", true);
	}

	@Test
	void givenSuspendedOwnerAndActiveOwner_whenSuspendedOwnerRemoved_thenAccepted() {
		this.roster.on(invited(ALICE, "alice", Role.OWNER));
		this.roster.on(invited(BOB, "bob", Role.OWNER));
		this.roster.on(suspended(BOB));

		this.roster.on(removed(BOB, "bob"));

		assertThat(this.roster.isSubjectTaken(ORG_ID, "bob")).isFalse();
		assertThat(activeOwners(ORG_ID)).isEqualTo(1);
	}

	@Test
	void givenOrganizationWithoutOwner_whenAdminSuspendedReinstatedAndRemoved_thenAccepted() {
		this.roster.on(invited(BOB, "bob", Role.ADMIN));
		this.roster.on(invited(CAROL, "carol", Role.MEMBER));

		accepted(() -> this.roster.on(suspended(BOB)));
		accepted(() -> this.roster.on(reinstated(BOB)));
		accepted(() -> this.roster.on(removed(CAROL, "carol")));
		accepted(() -> this.roster.on(roleChanged(BOB, Role.ADMIN, Role.OWNER)));

		assertThat(row(BOB)).containsEntry("role", "OWNER").containsEntry("active", true);
		assertThat(this.roster.isSubjectTaken(ORG_ID, "carol")).isFalse();
	}

}
