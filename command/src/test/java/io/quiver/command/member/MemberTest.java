package io.quiver.command.member;

import java.util.Map;

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
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.quiver.command.member.MemberEvents.EMAIL;
import static io.quiver.command.member.MemberEvents.MEMBER_ID;
import static io.quiver.command.member.MemberEvents.ORG_ID;
import static io.quiver.command.member.MemberEvents.OTHER_ORG_ID;
import static io.quiver.command.member.MemberEvents.SUBJECT;
import static io.quiver.command.member.MemberEvents.invited;
import static io.quiver.command.member.MemberEvents.reinstated;
import static io.quiver.command.member.MemberEvents.removed;
import static io.quiver.command.member.MemberEvents.roleChanged;
import static io.quiver.command.member.MemberEvents.suspended;
import static io.quiver.command.shared.Refusals.rejectedWith;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

class MemberTest {

	/** The metadata of a command an OWNER sends (the actor's role, R2.4). */
	private static final Map<String, Object> AS_OWNER = Map.of(Actor.ROLE_KEY, "OWNER");

	private static final Map<String, Object> AS_ADMIN = Map.of(Actor.ROLE_KEY, "ADMIN");

	private FixtureConfiguration<Member> fixture;

	private MemberRoster roster;

	@BeforeEach
	void setUp() {
		this.roster = mock(MemberRoster.class);
		given(this.roster.countActiveOwnersExcept(ORG_ID, MEMBER_ID)).willReturn(1);
		this.fixture = new AggregateTestFixture<>(Member.class);
		this.fixture.registerInjectableResource(this.roster);
	}

	private void lastActiveOwner() {
		given(this.roster.countActiveOwnersExcept(ORG_ID, MEMBER_ID)).willReturn(0);
	}

	@Test
	void givenNothing_whenInvite_thenMemberInvited() {
		this.fixture.givenNoPriorActivity()
			.when(new InviteMemberCommand(MEMBER_ID, ORG_ID, SUBJECT, EMAIL, Role.MEMBER))
			.expectEvents(new MemberInvitedEvent(ORG_ID, MEMBER_ID, SUBJECT, EMAIL, Role.MEMBER));
	}

	@Test
	void givenSubjectAlreadyAMember_whenInvite_thenSubjectTaken() {
		given(this.roster.isSubjectTaken(ORG_ID, SUBJECT)).willReturn(true);

		this.fixture.givenNoPriorActivity()
			.when(new InviteMemberCommand(MEMBER_ID, ORG_ID, SUBJECT, EMAIL, Role.MEMBER))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.SUBJECT_TAKEN))
			.expectExceptionMessage(containsString("subject 'alice' is already a member of this organisation"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenInviteSubjectWithSpace_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new InviteMemberCommand(MEMBER_ID, ORG_ID, "alice smith", EMAIL, Role.MEMBER))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("subject 'alice smith' is not valid"))
			.expectNoEvents();
		verify(this.roster, never()).isSubjectTaken(anyString(), anyString());
	}

	@Test
	void givenNothing_whenInviteWithoutRole_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new InviteMemberCommand(MEMBER_ID, ORG_ID, SUBJECT, EMAIL, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("needs a role"))
			.expectNoEvents();
	}

	@Test
	void givenMember_whenChangeRole_thenRoleChanged() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.ADMIN))
			.expectEvents(new MemberRoleChangedEvent(ORG_ID, MEMBER_ID, Role.MEMBER, Role.ADMIN));
	}

	@Test
	void givenPromotedMember_whenChangeRole_thenFromIsTheCurrentRole() {
		this.fixture.given(invited(Role.MEMBER), roleChanged(Role.MEMBER, Role.ADMIN))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.AUDITOR))
			.expectEvents(roleChanged(Role.ADMIN, Role.AUDITOR));
	}

	@Test
	void givenMember_whenChangeRoleToCurrentRole_thenNoEvents() {
		this.fixture.given(invited(Role.ADMIN))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.ADMIN))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenMember_whenChangeRoleWithoutRole_thenInvalidInput() {
		this.fixture.given(invited(Role.ADMIN))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("needs a role"))
			.expectNoEvents();
	}

	@Test
	void givenOwnerWithAnotherActiveOwner_whenDemoted_thenRoleChanged() {
		this.fixture.given(invited(Role.OWNER))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.ADMIN), AS_OWNER)
			.expectEvents(roleChanged(Role.OWNER, Role.ADMIN));
	}

	@Test
	void givenLastActiveOwner_whenDemoted_thenLastOwner() {
		lastActiveOwner();

		this.fixture.given(invited(Role.OWNER))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.ADMIN), AS_OWNER)
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.LAST_OWNER))
			.expectExceptionMessage(containsString("'alice' is the last active OWNER"))
			.expectNoEvents();
	}

	@Test
	void givenSuspendedOwner_whenDemoted_thenRoleChangedWithoutAskingTheRoster() {
		lastActiveOwner();

		this.fixture.given(invited(Role.OWNER), suspended())
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.MEMBER), AS_OWNER)
			.expectEvents(roleChanged(Role.OWNER, Role.MEMBER));
		verify(this.roster, never()).countActiveOwnersExcept(anyString(), anyString());
	}

	@Test
	void givenMember_whenChangeRoleNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, OTHER_ORG_ID, Role.ADMIN))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no member 'm-alice' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenRemovedMember_whenChangeRole_thenMemberRemoved() {
		this.fixture.given(invited(Role.MEMBER), removed())
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.ADMIN))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.MEMBER_REMOVED))
			.expectExceptionMessage(containsString("invite the subject again"))
			.expectNoEvents();
	}

	@Test
	void givenMember_whenSuspend_thenSuspended() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID))
			.expectEvents(new MemberSuspendedEvent(ORG_ID, MEMBER_ID));
	}

	@Test
	void givenSuspendedMember_whenSuspend_thenNoEvents() {
		this.fixture.given(invited(Role.MEMBER), suspended())
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenOwnerWithAnotherActiveOwner_whenSuspend_thenSuspended() {
		this.fixture.given(invited(Role.OWNER))
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID), AS_OWNER)
			.expectEvents(suspended());
	}

	@Test
	void givenLastActiveOwner_whenSuspend_thenLastOwner() {
		lastActiveOwner();

		this.fixture.given(invited(Role.OWNER))
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID), AS_OWNER)
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.LAST_OWNER))
			.expectExceptionMessage(containsString("make another member OWNER first"))
			.expectNoEvents();
	}

	@Test
	void givenMember_whenSuspendNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new SuspendMemberCommand(MEMBER_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenRemovedMember_whenSuspend_thenMemberRemoved() {
		this.fixture.given(invited(Role.MEMBER), removed())
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.MEMBER_REMOVED))
			.expectExceptionMessage(containsString("was removed"))
			.expectNoEvents();
	}

	@Test
	void givenSuspendedMember_whenReinstate_thenReinstated() {
		this.fixture.given(invited(Role.MEMBER), suspended())
			.when(new ReinstateMemberCommand(MEMBER_ID, ORG_ID))
			.expectEvents(new MemberReinstatedEvent(ORG_ID, MEMBER_ID));
	}

	@Test
	void givenActiveMember_whenReinstate_thenNoEvents() {
		this.fixture.given(invited(Role.MEMBER), suspended(), reinstated())
			.when(new ReinstateMemberCommand(MEMBER_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenSuspendedMember_whenReinstateNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(invited(Role.MEMBER), suspended())
			.when(new ReinstateMemberCommand(MEMBER_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenRemovedMember_whenReinstate_thenMemberRemoved() {
		this.fixture.given(invited(Role.MEMBER), suspended(), removed())
			.when(new ReinstateMemberCommand(MEMBER_ID, ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.MEMBER_REMOVED))
			.expectExceptionMessage(containsString("was removed"))
			.expectNoEvents();
	}

	@Test
	void givenMember_whenRemove_thenRemovedWithSubject() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new RemoveMemberCommand(MEMBER_ID, ORG_ID))
			.expectEvents(new MemberRemovedEvent(ORG_ID, MEMBER_ID, SUBJECT));
	}

	@Test
	void givenRemovedMember_whenRemove_thenNoEvents() {
		this.fixture.given(invited(Role.MEMBER), removed())
			.when(new RemoveMemberCommand(MEMBER_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenLastActiveOwner_whenRemove_thenLastOwner() {
		lastActiveOwner();

		this.fixture.given(invited(Role.OWNER))
			.when(new RemoveMemberCommand(MEMBER_ID, ORG_ID), AS_OWNER)
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(MemberErrorCode.LAST_OWNER))
			.expectExceptionMessage(containsString("'alice' is the last active OWNER"))
			.expectNoEvents();
	}

	@Test
	void givenSuspendedOwner_whenRemove_thenRemovedWithoutAskingTheRoster() {
		lastActiveOwner();

		this.fixture.given(invited(Role.OWNER), suspended())
			.when(new RemoveMemberCommand(MEMBER_ID, ORG_ID), AS_OWNER)
			.expectEvents(removed());
		verify(this.roster, never()).countActiveOwnersExcept(anyString(), anyString());
	}

	@Test
	void givenMember_whenRemoveNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new RemoveMemberCommand(MEMBER_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no member 'm-alice' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenAnAdminInvitesAnOwner_thenOwnerRequired() {
		this.fixture.givenNoPriorActivity()
			.when(new InviteMemberCommand(MEMBER_ID, ORG_ID, SUBJECT, EMAIL, Role.OWNER), AS_ADMIN)
			.expectException(rejectedWith(MemberErrorCode.OWNER_REQUIRED))
			.expectExceptionMessage(containsString(
					"only an OWNER makes, changes, suspends or removes an OWNER; " + "your role is ADMIN"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenAnOwnerInvitesAnOwner_thenInvited() {
		this.fixture.givenNoPriorActivity()
			.when(new InviteMemberCommand(MEMBER_ID, ORG_ID, SUBJECT, EMAIL, Role.OWNER), AS_OWNER)
			.expectEvents(invited(Role.OWNER));
	}

	@Test
	void givenAnAdmin_whenAnAdminPromotesItToOwner_thenOwnerRequired() {
		this.fixture.given(invited(Role.ADMIN))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.OWNER), AS_ADMIN)
			.expectException(rejectedWith(MemberErrorCode.OWNER_REQUIRED))
			.expectNoEvents();
	}

	@Test
	void givenAnOwner_whenAnAdminDemotesIt_thenOwnerRequired() {
		this.fixture.given(invited(Role.OWNER))
			.when(new ChangeMemberRoleCommand(MEMBER_ID, ORG_ID, Role.ADMIN), AS_ADMIN)
			.expectException(rejectedWith(MemberErrorCode.OWNER_REQUIRED))
			.expectNoEvents();
	}

	@Test
	void givenAnOwner_whenAnAdminSuspendsIt_thenOwnerRequired() {
		this.fixture.given(invited(Role.OWNER))
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID), AS_ADMIN)
			.expectException(rejectedWith(MemberErrorCode.OWNER_REQUIRED))
			.expectNoEvents();
	}

	@Test
	void givenASuspendedOwner_whenAnAdminReinstatesIt_thenOwnerRequired() {
		this.fixture.given(invited(Role.OWNER), suspended())
			.when(new ReinstateMemberCommand(MEMBER_ID, ORG_ID), AS_ADMIN)
			.expectException(rejectedWith(MemberErrorCode.OWNER_REQUIRED))
			.expectNoEvents();
	}

	@Test
	void givenAnOwner_whenAnAdminRemovesIt_thenOwnerRequired() {
		this.fixture.given(invited(Role.OWNER))
			.when(new RemoveMemberCommand(MEMBER_ID, ORG_ID), AS_ADMIN)
			.expectException(rejectedWith(MemberErrorCode.OWNER_REQUIRED))
			.expectNoEvents();
	}

	@Test
	void givenAMember_whenAnAdminSuspendsIt_thenSuspended() {
		this.fixture.given(invited(Role.MEMBER))
			.when(new SuspendMemberCommand(MEMBER_ID, ORG_ID), AS_ADMIN)
			.expectEvents(suspended());
	}

}
