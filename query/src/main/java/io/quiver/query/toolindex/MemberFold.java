package io.quiver.query.toolindex;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.query.toolindex.api.MemberView;

/** The members of an organisation, by id and by subject (SPEC R2). */
final class MemberFold {

	private final Map<String, MemberView> members = new HashMap<>();

	private final Map<String, String> memberIdBySubject = new HashMap<>();

	void on(MemberInvitedEvent e) {
		this.members.put(e.memberId(),
				new MemberView(e.memberId(), e.subject(), e.email(), e.role(), MemberStatus.ACTIVE));
		this.memberIdBySubject.put(e.subject(), e.memberId());
	}

	void on(MemberRoleChangedEvent e) {
		update(e.memberId(), (m) -> new MemberView(m.memberId(), m.subject(), m.email(), e.to(), m.status()));
	}

	void on(MemberSuspendedEvent e) {
		update(e.memberId(), (m) -> withStatus(m, MemberStatus.SUSPENDED));
	}

	void on(MemberReinstatedEvent e) {
		update(e.memberId(), (m) -> withStatus(m, MemberStatus.ACTIVE));
	}

	void on(MemberRemovedEvent e) {
		update(e.memberId(), (m) -> withStatus(m, MemberStatus.REMOVED));
		this.memberIdBySubject.remove(e.subject(), e.memberId());
	}

	MemberView bySubject(String subject) {
		String memberId = this.memberIdBySubject.get(subject);
		return (memberId != null) ? this.members.get(memberId) : null;
	}

	MemberView get(String memberId) {
		return this.members.get(memberId);
	}

	Collection<MemberView> all() {
		return this.members.values();
	}

	private static MemberView withStatus(MemberView m, MemberStatus status) {
		return new MemberView(m.memberId(), m.subject(), m.email(), m.role(), status);
	}

	private void update(String memberId, UnaryOperator<MemberView> change) {
		this.members.computeIfPresent(memberId, (id, member) -> change.apply(member));
	}

}
