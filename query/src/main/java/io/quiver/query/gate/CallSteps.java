package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * The steps of every {@code tools/call}, in the order of SPEC R7.1: the one list both the
 * call path ({@code ToolCallPipeline}) and {@link ToolSurface} (advertise, count, search)
 * run. Each step is a bean implementing {@link CallStep}, from any module; its place is
 * its name's place in {@link #ORDER}. Adding a step is writing its bean and adding its
 * name here; a step bean missing from the list, or a name without a bean, stops the
 * application at start.
 */
@Component
public class CallSteps {

	/** R7.1, top to bottom. */
	public static final List<String> ORDER = List.of(MemberStatusGate.NAME, // R2.5
			ToolExecuteGate.NAME, // R2.3
			CollapseStage.NAME, // R7.3, R5.5
			NameStage.NAME, // R7.4
			RolePermissionGate.NAME, // R2.4
			AccessGate.NAME, // R5.2
			ScopeGate.NAME, // R3
			AccountStage.NAME, // R5.4
			GrantGate.NAME, // R9
			RestrictionGate.NAME, // R8
			ArgumentGate.NAME, // the input schema
			FrozenMergeGate.NAME, // R7.8
			OutboundUrlStep.NAME, // R8.7
			RateLimitGate.NAME // R15.2
	);

	private final List<CallStep> steps;

	public CallSteps(List<CallStep> steps) {
		Set<String> named = new TreeSet<>();
		steps.forEach((step) -> named.add(step.name()));
		if (named.size() != steps.size() || !named.equals(new TreeSet<>(ORDER))) {
			throw new IllegalStateException("the call steps " + named + " are not those of CallSteps.ORDER " + ORDER);
		}
		List<CallStep> ordered = new ArrayList<>(steps);
		ordered.sort(Comparator.comparingInt((step) -> ORDER.indexOf(step.name())));
		this.steps = List.copyOf(ordered);
	}

	/** Every step, in order. */
	public List<CallStep> all() {
		return this.steps;
	}

	/** The steps of one extent, in order. */
	public List<CallStep> of(CallStep.Extent extent) {
		return this.steps.stream().filter((step) -> step.extent() == extent).toList();
	}

	/**
	 * Runs every step on the call, in order.
	 * @return the first denial, or null when every step allowed the call
	 */
	public Verdict run(Call call) {
		for (CallStep step : this.steps) {
			Verdict verdict = call.check(step);
			if (verdict.denied()) {
				return verdict;
			}
		}
		return null;
	}

}
