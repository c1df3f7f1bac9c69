package io.quiver.query.gate;

import java.util.List;

import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.RestrictionErrorCode;
import io.quiver.command.restriction.api.RestrictionItem;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.outbound.HostResolver;
import io.quiver.query.restriction.api.RestrictionInput;
import io.quiver.query.toolindex.PolicyFixture;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.quiver.query.toolindex.PolicyFixture.connectionId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The restriction resolver, rule by rule (SPEC R8), on a policy state folded from events.
 * Alice, Bob and Lea are MEMBERs, each with an echo account ({@code echo-alice},
 * {@code echo-bob}, {@code echo-legal}).
 */
class RestrictionResolverTest {

	private static final Target MEMBERS = Target.role(Role.MEMBER);

	private final RestrictionGate resolver = new RestrictionGate();

	private final ToolSurface surface = new ToolSurface(GateFixture.steps(this.resolver, HostResolver.SYSTEM));

	private PolicyFixture policy;

	@BeforeEach
	void organisation() {
		this.policy = new PolicyFixture().member("root", Role.OWNER)
			.member("alice", Role.MEMBER)
			.member("bob", Role.MEMBER)
			.member("lea", Role.MEMBER)
			.connection("echo", "echo-alice", "alice")
			.connection("echo", "echo-bob", "bob")
			.connection("echo", "echo-legal", "lea");
	}

	@Test
	void givenNoRule_whenDeciding_thenEverythingIsAllowed() {
		for (String tool : List.of("echo-alice__get_item", "echo-alice__create_item", "echo-alice__delete_item")) {
			RestrictionDecision decision = decide("alice", tool);
			assertThat(decision.allowed()).as(tool).isTrue();
			assertThat(decision.layer()).isEqualTo("none");
		}
		assertThat(visible("alice")).containsExactly("echo-alice__create_item", "echo-alice__delete_item",
				"echo-alice__get_item");
	}

	@Test
	void givenARoleAllowlist_whenTheUserHasAnOverrideWithOnlyABlock_thenTheOverrideReopensWhatTheAllowlistClosed() {
		this.policy.restrict(MEMBERS, List.of("tool:echo.get_item"), null);
		assertThat(decide("alice", "echo-alice__create_item").allowed()).isFalse();

		this.policy.restrict(Target.user("alice"), null, List.of("tool:echo.delete_item"));

		RestrictionDecision reopened = decide("alice", "echo-alice__create_item");
		assertThat(reopened.allowed()).isTrue();
		assertThat(reopened.layer()).isEqualTo("user:alice");
		assertThat(reopened.stage()).isEqualTo("default");
		RestrictionDecision blocked = decide("alice", "echo-alice__delete_item");
		assertThat(blocked.allowed()).isFalse();
		assertThat(blocked.layer()).isEqualTo("user:alice");
		assertThat(visible("alice")).containsExactly("echo-alice__create_item", "echo-alice__get_item");
		assertThat(visible("bob")).as("the role's rules still govern Bob").containsExactly("echo-bob__get_item");
	}

	@Test
	void givenSeveralRestrictionsOfOneLayer_whenDeciding_thenAllowsUnionBlocksUnionAndBlocksBeatAllows() {
		this.policy.restrict(MEMBERS, List.of("tool:echo.get_item"), null);
		this.policy.restrict(MEMBERS, List.of("tool:echo.create_item", "tool:echo.delete_item"), null);
		String blockDelete = this.policy.restrict(MEMBERS, null, List.of("tool:echo.delete_item"));
		this.policy.restrict(MEMBERS, null, List.of("tool:echo-alice__create_item"));

		assertThat(visible("bob")).containsExactly("echo-bob__create_item", "echo-bob__get_item");
		assertThat(visible("alice")).containsExactly("echo-alice__get_item");
		RestrictionDecision delete = decide("bob", "echo-bob__delete_item");
		assertThat(delete.stage()).isEqualTo("block");
		assertThat(delete.restrictionId()).isEqualTo(blockDelete);
		assertThat(delete.item()).isEqualTo("tool:echo.delete_item");
	}

	@Test
	void givenAnAllowRuleNamingNothing_whenDeciding_thenEverythingIsDenied() {
		this.policy.restrict(MEMBERS, List.of(), null);

		for (String tool : List.of("echo-alice__get_item", "echo-alice__create_item", "echo-alice__delete_item")) {
			RestrictionDecision decision = decide("alice", tool);
			assertThat(decision.allowed()).as(tool).isFalse();
			assertThat(decision.stage()).isEqualTo("allowlist");
		}
		assertThat(visible("alice")).isEmpty();
		assertThat(this.resolver.decideConnector(this.policy.snapshot(), "alice", Role.MEMBER, "echo").allowed())
			.isFalse();
		EffectiveRestrictions effective = this.resolver.effective(this.policy.snapshot(), "alice", Role.MEMBER);
		assertThat(effective.allowlist()).isTrue();
		assertThat(effective.allow()).isEmpty();

		this.policy.restrict(MEMBERS, List.of("tool:echo.get_item"), null);
		assertThat(visible("alice")).as("allows union").containsExactly("echo-alice__get_item");
	}

	@Test
	void givenAnAllowOfAnAccountTool_whenAMemberRelabelsTheirAccountToThatName_thenTheAllowStillDoesNotReachIt() {
		this.policy.restrict(MEMBERS, List.of("tool:echo-legal__get_item"), null);
		this.policy.relabel(connectionId("echo-legal"), "echo-legal-old");
		this.policy.relabel(connectionId("echo-alice"), "echo-legal");

		RestrictionDecision decision = decide("alice", "echo-legal__get_item");
		assertThat(decision.allowed()).isFalse();
		assertThat(decision.stage()).isEqualTo("allowlist");
		assertThat(visible("alice")).isEmpty();
		RestrictionDecision pinned = decide("lea", "echo-legal-old__get_item");
		assertThat(pinned.allowed()).as("the pin follows the account it was written for").isTrue();
		assertThat(pinned.matchedBy()).isEqualTo("pin");
	}

	@Test
	void givenABlockOfAnAccountTool_whenItsOwnerRelabelsTheAccount_thenThePinStillBlocksIt() {
		this.policy.restrict(Target.user("alice"), null, List.of("tool:echo-alice__delete_item"));
		this.policy.relabel(connectionId("echo-alice"), "echo-free");

		RestrictionDecision decision = decide("alice", "echo-free__delete_item");
		assertThat(decision.allowed()).isFalse();
		assertThat(decision.matchedBy()).isEqualTo("pin");
		assertThat(visible("alice")).containsExactly("echo-free__create_item", "echo-free__get_item");
	}

	@Test
	void givenABlockByName_whenAnotherAccountTakesTheName_thenThatToolIsBlockedByName() {
		this.policy.restrict(MEMBERS, null, List.of("tool:echo-legal__get_item"));
		this.policy.relabel(connectionId("echo-legal"), "echo-legal-old");
		this.policy.relabel(connectionId("echo-alice"), "echo-legal");

		RestrictionDecision byName = decide("alice", "echo-legal__get_item");
		assertThat(byName.allowed()).isFalse();
		assertThat(byName.matchedBy()).isEqualTo("name");
		RestrictionDecision byPin = decide("lea", "echo-legal-old__get_item");
		assertThat(byPin.allowed()).isFalse();
		assertThat(byPin.matchedBy()).isEqualTo("pin");
	}

	@Test
	void givenABlockedConnector_whenBrowsingConnectingOrDeciding_thenItIsRefusedEverywhere() {
		this.policy.restrict(MEMBERS, null, List.of("connector:echo"));

		assertThat(this.resolver.decideConnector(this.policy.snapshot(), "alice", Role.MEMBER, "echo").allowed())
			.isFalse();
		assertThat(this.resolver.decideConnector(this.policy.snapshot(), "alice", Role.MEMBER, "github").allowed())
			.isTrue();
		assertThat(this.resolver.decideConnector(this.policy.snapshot(), "root", Role.OWNER, "echo").allowed())
			.as("another role")
			.isTrue();
		assertThat(decide("alice", "echo-alice__get_item").allowed()).isFalse();
		assertThat(visible("alice")).isEmpty();
	}

	@Test
	void givenAnAllowlistNamingAnotherConnector_whenBrowsing_thenTheUnnamedConnectorIsWithheld() {
		this.policy.restrict(MEMBERS, List.of("tool:github.get_issue"), null);

		assertThat(this.resolver.decideConnector(this.policy.snapshot(), "alice", Role.MEMBER, "github").allowed())
			.isTrue();
		RestrictionDecision echo = this.resolver.decideConnector(this.policy.snapshot(), "alice", Role.MEMBER, "echo");
		assertThat(echo.allowed()).isFalse();
		assertThat(echo.stage()).isEqualTo("allowlist");
	}

	@Test
	void givenAWithheldTool_whenListing_thenItIsNeitherCountedNorSearchable() {
		Caller alice = this.policy.caller("alice", PolicyFixture.allScopes());
		CallerSurface before = this.surface.of(this.policy.snapshot(), alice);

		this.policy.restrict(MEMBERS, null, List.of("tool:echo.delete_item"));

		CallerSurface after = this.surface.of(this.policy.snapshot(), alice);
		assertThat(after.count()).isEqualTo(before.count() - 1);
		assertThat(after.visible().cardinality()).isEqualTo(before.visible().cardinality() - 1);
		assertThat(after.connectedTool("echo-alice__delete_item")).isNull();
		int ordinal = this.policy.snapshot()
			.searchIndex()
			.ordinal(this.policy.snapshot().toolByName("echo-alice__delete_item").key());
		assertThat(after.visible().get(ordinal)).isFalse();
	}

	@Test
	void givenTwoToolboxEntriesOnOneOperation_whenOneIsBlockedByName_thenOnlyThatEntryIsWithheld() {
		this.policy.toolbox("hr", MEMBERS)
			.toolbox("ops", MEMBERS)
			.entry("hr", "echo.get_item", "hr__get_item", connectionId("echo-legal"))
			.entry("ops", "echo.get_item", "ops__get_item", connectionId("echo-legal"));

		this.policy.restrict(MEMBERS, null, List.of("tool:hr__get_item"));
		assertThat(visible("bob")).containsExactly("echo-bob__create_item", "echo-bob__delete_item",
				"echo-bob__get_item", "ops__get_item");

		this.policy.restrict(MEMBERS, null, List.of("tool:echo.get_item"));
		assertThat(visible("bob")).containsExactly("echo-bob__create_item", "echo-bob__delete_item");
	}

	@Test
	void givenAnItemThatNamesNothing_whenPinning_thenItIsRefused() {
		RestrictionPins pins = new RestrictionPins();

		assertThatThrownBy(() -> pins.pin(this.policy.snapshot(), "tool:nobody__get_item"))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("nobody__get_item");
		assertThatThrownBy(() -> pins.pin(this.policy.snapshot(), "connector:nope"))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> pins.pin(this.policy.snapshot(), "tool:echo.no_such_operation"))
			.isInstanceOf(IllegalArgumentException.class);
		assertThat(pins.pin(this.policy.snapshot(), "tool:echo-alice__get_item").pin().connectionId())
			.isEqualTo(connectionId("echo-alice"));
	}

	@Test
	void givenARestrictionAsWritten_whenMakingItsRules_thenAnUpdateKeepsWhatItLeavesOutAndNullRemoves() {
		RestrictionPins pins = new RestrictionPins();
		var state = this.policy.snapshot();

		RestrictionRules created = pins.rules(state,
				new RestrictionInput("role:MEMBER", false, null, true, List.of("tool:echo.get_item")), null);
		assertThat(created.allow()).as("no allow written: no allow rule").isNull();
		assertThat(created.block()).extracting(RestrictionItem::written).containsExactly("tool:echo.get_item");
		assertThat(pins.rules(state, new RestrictionInput("role:MEMBER", true, List.of(), false, null), null).block())
			.as("no block written on a create: blocks nothing")
			.isEmpty();

		RestrictionRules allowAdded = pins.rules(state,
				new RestrictionInput(null, true, List.of("connector:echo"), false, null), created);
		assertThat(allowAdded.allow()).extracting(RestrictionItem::written).containsExactly("connector:echo");
		assertThat(allowAdded.block()).as("block not written: kept").isEqualTo(created.block());
		RestrictionRules allowRemoved = pins.rules(state, new RestrictionInput(null, true, null, true, null),
				allowAdded);
		assertThat(allowRemoved.allow()).as("allow: null removes the allow rule").isNull();
		assertThat(allowRemoved.block()).as("block: null removes the blocks").isEmpty();

		assertThatThrownBy(() -> pins.rules(state,
				new RestrictionInput(null, false, null, true, List.of("tool:echo.no_such_operation")), created))
			.isInstanceOfSatisfying(CommandRejectedException.class,
					(ex) -> assertThat(ex.errorCode()).isEqualTo(RestrictionErrorCode.UNRESOLVED_ITEM))
			.hasMessageContaining("no_such_operation");
	}

	private RestrictionDecision decide(String subject, String toolName) {
		ConnectedTool tool = this.policy.snapshot().toolByName(toolName);
		assertThat(tool).as(toolName).isNotNull();
		return this.resolver.decide(this.policy.snapshot(), this.policy.caller(subject, PolicyFixture.allScopes()),
				tool, tool.connectionIds().get(0));
	}

	private List<String> visible(String subject) {
		return this.surface.of(this.policy.snapshot(), this.policy.caller(subject, PolicyFixture.allScopes()))
			.connected()
			.stream()
			.map(ConnectedTool::name)
			.toList();
	}

}
