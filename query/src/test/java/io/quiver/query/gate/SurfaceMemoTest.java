package io.quiver.query.gate;

import java.util.List;

import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.gate.outbound.HostResolver;
import io.quiver.query.toolindex.PolicyFixture;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A caller's surface is computed once per state of the organisation (the gates read only
 * the state and the caller), and every event that changes the state is seen by the next
 * request: kept surfaces are never stale.
 */
class SurfaceMemoTest {

	private final ToolSurface surface = new ToolSurface(GateFixture.steps(new RestrictionGate(), HostResolver.SYSTEM));

	private final PolicyFixture policy = new PolicyFixture().member("root", Role.OWNER)
		.member("alice", Role.MEMBER)
		.connection("echo", "echo-alice", "alice");

	private List<String> names(CallerSurface surface) {
		return surface.connected().stream().map(ConnectedTool::name).toList();
	}

	@Test
	void theSameCallerOnTheSameStateGetsTheSurfaceComputedOnce() {
		Caller alice = this.policy.caller("alice", PolicyFixture.allScopes());

		CallerSurface first = this.surface.of(this.policy.snapshot(), alice);

		assertThat(this.surface.of(this.policy.snapshot(), this.policy.caller("alice", PolicyFixture.allScopes())))
			.isSameAs(first);
		assertThat(names(first)).contains("echo-alice__get_item", "echo-alice__delete_item");
	}

	@Test
	void everyChangeOfTheStateIsSeenByTheNextAsk() {
		Caller alice = this.policy.caller("alice", PolicyFixture.allScopes());
		CallerSurface before = this.surface.of(this.policy.snapshot(), alice);

		String restriction = this.policy.restrict(Target.role(Role.MEMBER), null, List.of("tool:echo.delete_item"));
		CallerSurface restricted = this.surface.of(this.policy.snapshot(), alice);
		this.policy.deleteRestriction(restriction);
		CallerSurface lifted = this.surface.of(this.policy.snapshot(), alice);
		this.policy.suspend("alice");
		CallerSurface suspended = this.surface.of(this.policy.snapshot(),
				this.policy.caller("alice", PolicyFixture.allScopes()));

		assertThat(names(before)).contains("echo-alice__delete_item");
		assertThat(names(restricted)).doesNotContain("echo-alice__delete_item").contains("echo-alice__get_item");
		assertThat(names(lifted)).isEqualTo(names(before));
		assertThat(lifted).isNotSameAs(before);
		assertThat(suspended.count()).isZero();
	}

	@Test
	void callersThatDifferInScopesOrRoleGetTheirOwnSurface() {
		CallerSurface full = this.surface.of(this.policy.snapshot(),
				this.policy.caller("alice", PolicyFixture.allScopes()));
		CallerSurface readOnly = this.surface.of(this.policy.snapshot(),
				this.policy.caller("alice", Scope.READ, Scope.TOOLS));
		CallerSurface owner = this.surface.of(this.policy.snapshot(),
				this.policy.caller("root", PolicyFixture.allScopes()));

		assertThat(names(full)).contains("echo-alice__create_item");
		assertThat(names(readOnly)).doesNotContain("echo-alice__create_item");
		assertThat(owner.controlPlane()).isNotEqualTo(full.controlPlane());
	}

	@Test
	void pastTheLimitOfKeptSurfacesEveryAnswerIsStillRight() {
		int callers = 300;
		for (int i = 0; i < callers; i++) {
			this.policy.member("m" + i, Role.MEMBER).connection("echo", "echo-m" + i, "m" + i);
		}
		for (int round = 0; round < 2; round++) {
			for (int i = 0; i < callers; i++) {
				CallerSurface seen = this.surface.of(this.policy.snapshot(),
						this.policy.caller("m" + i, PolicyFixture.allScopes()));
				assertThat(names(seen)).as("m" + i).contains("echo-m" + i + "__get_item").hasSize(3);
			}
		}
	}

}
