package io.quiver.edge.restriction;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.access.Caller;
import io.quiver.query.compliance.api.EffectiveRulesView;
import io.quiver.query.compliance.api.ReachChangesView;
import io.quiver.query.compliance.api.ReachableToolsView;
import io.quiver.query.compliance.api.ToolDecisionView;
import io.quiver.query.restriction.api.RestrictionChange;
import io.quiver.query.restriction.api.RestrictionInput;
import io.quiver.query.restriction.api.RestrictionSummary;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/restrictions} and {@code /api/v1/compliance}: the REST side of SPEC R13
 * {@code restrictions} and of the compliance replay (R11).
 */
@RestController
class RestrictionController {

	private final RestrictionService restrictions;

	private final ComplianceService compliance;

	RestrictionController(RestrictionService restrictions, ComplianceService compliance) {
		this.restrictions = restrictions;
		this.compliance = compliance;
	}

	@GetMapping("/api/v1/restrictions")
	List<RestrictionSummary> list(Caller caller, @RequestParam(required = false) String target) {
		return this.restrictions.list(caller, target);
	}

	@GetMapping("/api/v1/restrictions/{restriction}")
	RestrictionSummary get(Caller caller, @PathVariable String restriction) {
		return this.restrictions.get(caller, restriction);
	}

	@PostMapping("/api/v1/restrictions")
	@ResponseStatus(HttpStatus.CREATED)
	RestrictionSummary create(Caller caller, @RequestBody ObjectNode body) {
		return this.restrictions.create(caller, RestrictionInput.forCreate(body));
	}

	@PatchMapping("/api/v1/restrictions/{restriction}")
	RestrictionSummary update(Caller caller, @PathVariable String restriction, @RequestBody ObjectNode body) {
		return this.restrictions.update(caller, restriction, RestrictionInput.forUpdate(body));
	}

	@DeleteMapping("/api/v1/restrictions/{restriction}")
	RestrictionSummary delete(Caller caller, @PathVariable String restriction) {
		return this.restrictions.delete(caller, restriction);
	}

	@GetMapping({ "/api/v1/restrictions/history", "/api/v1/compliance/history" })
	List<RestrictionChange> history(Caller caller, @RequestParam(required = false) String target,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(required = false) Integer limit) {
		return this.restrictions.history(caller, target, from, to, limit);
	}

	@GetMapping("/api/v1/compliance/effective")
	EffectiveRulesView effective(Caller caller, @RequestParam(required = false) String target,
			@RequestParam(required = false) String member, @RequestParam(required = false) String at) {
		return this.compliance.effective(caller, target, member, at);
	}

	@GetMapping("/api/v1/compliance/explain")
	ToolDecisionView explain(Caller caller, @RequestParam String member, @RequestParam String tool,
			@RequestParam(required = false) String at) {
		return this.compliance.explain(caller, member, tool, at);
	}

	@GetMapping("/api/v1/compliance/reachable")
	ReachableToolsView reachable(Caller caller, @RequestParam String member,
			@RequestParam(required = false) String at) {
		return this.compliance.reachable(caller, member, at);
	}

	@GetMapping("/api/v1/compliance/diff")
	ReachChangesView diff(Caller caller, @RequestParam String member, @RequestParam String from,
			@RequestParam(required = false) String to) {
		return this.compliance.diff(caller, member, from, to);
	}

}
