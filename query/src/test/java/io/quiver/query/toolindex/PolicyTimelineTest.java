package io.quiver.query.toolindex;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.restriction.api.ItemKind;
import io.quiver.command.restriction.api.Pin;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionItem;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.shared.api.OrganizationEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compliance replay folds only the events in force at an instant
 * ({@link PolicyTimeline}); that fold must leave the state exactly where the fold of
 * every event stamped up to the instant leaves it. Random histories of two organisations
 * (restrictions created, updated many times, deleted; members invited, their role and
 * status changed, removed), with timestamps that sometimes run backwards as across nodes,
 * compared at every instant of the history and between them.
 */
class PolicyTimelineTest {

	private static final CuratedCatalog CURATED = new CuratedCatalog();

	private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

	private record Stored(OrganizationEvent event, long position, Instant at) {
	}

	@Test
	void theFoldOfTheEventsInForceIsTheFoldOfEveryEventUpToTheInstant() {
		for (long seed = 1; seed <= 8; seed++) {
			Random random = new Random(seed);
			List<Stored> store = history(random, List.of("org-a", "org-b"), 600);
			PolicyTimeline timeline = new PolicyTimeline();
			store.forEach((s) -> timeline.record(s.event(), s.position(), s.at()));
			for (Stored probe : store) {
				for (long offset : new long[] { -1, 0, 1 }) {
					Instant at = probe.at().plusMillis(offset);
					for (String org : List.of("org-a", "org-b")) {
						OrgState everything = foldAll(store, org, at);
						long[] inForce = timeline.inForceAt(org, at);
						assertThat(inForce == null).as("seed %d, %s at %s: existed", seed, org, at)
							.isEqualTo(everything == null);
						if (everything != null) {
							assertThat(view(foldOnly(store, org, inForce))).as("seed %d, %s at %s", seed, org, at)
								.isEqualTo(view(everything));
						}
					}
				}
			}
		}
	}

	@Test
	void aHundredChangesOfOneRestrictionLeaveTheCreationAndTheLastChangeInForce() {
		PolicyTimeline timeline = new PolicyTimeline();
		Target target = Target.role(Role.GUEST);
		long position = 0;
		Instant at = START;
		timeline.record(new OrganizationCreatedEvent("org", "Org", OrganizationSettings.DEFAULT), ++position, at);
		timeline.record(new RestrictionCreatedEvent("org", "r", target, rules(0)), ++position, at);
		for (int i = 1; i <= 100; i++) {
			timeline.record(new RestrictionUpdatedEvent("org", "r", target, rules(i - 1), rules(i)), ++position,
					at.plusSeconds(i));
		}
		assertThat(timeline.inForceAt("org", at.plusSeconds(100))).containsExactly(1, 2, 102);
		assertThat(timeline.inForceAt("org", at.plusSeconds(50))).containsExactly(1, 2, 52);
		assertThat(timeline.inForceAt("org", at.minusMillis(1))).isNull();
		assertThat(timeline.inForceAt("other", at)).isNull();
	}

	private static List<Stored> history(Random random, List<String> orgs, int events) {
		List<Stored> store = new ArrayList<>();
		Map<String, List<String>> restrictions = new LinkedHashMap<>();
		Map<String, Map<String, Role>> members = new LinkedHashMap<>();
		Map<String, RestrictionRules> rulesOf = new LinkedHashMap<>();
		Map<String, Target> targetOf = new LinkedHashMap<>();
		Instant clock = START;
		long position = 0;
		for (String org : orgs) {
			restrictions.put(org, new ArrayList<>());
			members.put(org, new LinkedHashMap<>());
			clock = clock.plusMillis(random.nextInt(3));
			store.add(new Stored(new OrganizationCreatedEvent(org, org, OrganizationSettings.DEFAULT), ++position,
					clock));
		}
		int ids = 0;
		for (int i = 0; i < events; i++) {
			String org = orgs.get(random.nextInt(orgs.size()));
			// mostly forwards, sometimes equal, sometimes a little backwards (another
			// node)
			clock = clock.plusMillis(random.nextInt(5) - 1);
			List<String> ofOrg = restrictions.get(org);
			Map<String, Role> memberRoles = members.get(org);
			OrganizationEvent event;
			int kind = random.nextInt(10);
			if (kind < 2 || (kind < 5 && ofOrg.isEmpty())) {
				String id = org + "-r" + (++ids);
				Target target = random.nextBoolean() ? Target.role(Role.values()[random.nextInt(3)])
						: Target.user("u" + random.nextInt(4));
				RestrictionRules rules = rules(random.nextInt(6));
				ofOrg.add(id);
				rulesOf.put(id, rules);
				targetOf.put(id, target);
				event = new RestrictionCreatedEvent(org, id, target, rules);
			}
			else if (kind < 5) {
				String id = ofOrg.get(random.nextInt(ofOrg.size()));
				RestrictionRules after = rules(random.nextInt(6));
				event = new RestrictionUpdatedEvent(org, id, targetOf.get(id), rulesOf.put(id, after), after);
			}
			else if (kind == 5 && !ofOrg.isEmpty()) {
				String id = ofOrg.remove(random.nextInt(ofOrg.size()));
				event = new RestrictionDeletedEvent(org, id, targetOf.get(id), rulesOf.get(id));
			}
			else if (kind == 6 || memberRoles.isEmpty()) {
				String id = org + "-m" + (++ids);
				Role role = Role.values()[random.nextInt(3)];
				memberRoles.put(id, role);
				event = new MemberInvitedEvent(org, id, "u" + random.nextInt(4), null, role);
			}
			else {
				List<String> ofMembers = new ArrayList<>(memberRoles.keySet());
				String id = ofMembers.get(random.nextInt(ofMembers.size()));
				int change = random.nextInt(10);
				if (change < 4) {
					event = new MemberSuspendedEvent(org, id);
				}
				else if (change < 7) {
					event = new MemberReinstatedEvent(org, id);
				}
				else if (change < 9) {
					Role to = Role.values()[random.nextInt(3)];
					event = new MemberRoleChangedEvent(org, id, memberRoles.put(id, to), to);
				}
				else {
					memberRoles.remove(id);
					event = new MemberRemovedEvent(org, id, "u" + random.nextInt(4));
				}
			}
			store.add(new Stored(event, ++position, clock));
		}
		return store;
	}

	private static RestrictionRules rules(int variant) {
		List<RestrictionItem> items = new ArrayList<>();
		for (int i = 0; i < variant % 3; i++) {
			items.add(new RestrictionItem("connector:c" + i, ItemKind.CONNECTOR, "c" + i,
					new Pin("c" + i, null, null, null)));
		}
		return new RestrictionRules((variant >= 3) ? items : null, items);
	}

	/** The fold of every event of the organisation stamped at or before the instant. */
	private static OrgState foldAll(List<Stored> store, String org, Instant at) {
		OrgState state = new OrgState(org, CURATED);
		boolean existed = false;
		for (Stored s : store) {
			if (s.event().orgId().equals(org) && !s.at().isAfter(at)) {
				state.apply(s.event(), s.at());
				existed = true;
			}
		}
		return existed ? state : null;
	}

	private static OrgState foldOnly(List<Stored> store, String org, long[] positions) {
		OrgState state = new OrgState(org, CURATED);
		for (long position : positions) {
			Stored s = store.get((int) position - 1);
			assertThat(s.position()).isEqualTo(position);
			assertThat(s.event().orgId()).isEqualTo(org);
			state.apply(s.event(), s.at());
		}
		return state;
	}

	/**
	 * Everything the gates read of members and restrictions, in the order they read it.
	 */
	private static Map<String, Object> view(OrgState state) {
		Map<String, Object> view = new LinkedHashMap<>();
		view.put("members", new TreeMap<>(
				state.members().stream().collect(java.util.stream.Collectors.toMap((m) -> m.memberId(), (m) -> m))));
		for (int u = 0; u < 4; u++) {
			view.put("subject u" + u, state.memberBySubject("u" + u));
			view.put("restrictions of user:u" + u, state.restrictionsFor(Target.user("u" + u)));
		}
		for (Role role : Role.values()) {
			view.put("restrictions of " + role, state.restrictionsFor(Target.role(role)));
		}
		view.put("restrictions", List.copyOf(state.restrictions()));
		return view;
	}

}
