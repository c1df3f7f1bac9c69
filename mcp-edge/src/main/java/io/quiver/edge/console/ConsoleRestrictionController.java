package io.quiver.edge.console;

import io.quiver.edge.member.MemberService;
import io.quiver.edge.restriction.ComplianceService;
import io.quiver.edge.restriction.RestrictionService;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Permission;
import io.quiver.query.restriction.api.RestrictionInput;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console/restrictions}: allow and block rules with their pins, create, edit and
 * delete them, and explain why a tool is or is not reachable for a member (SPEC R8, R13
 * {@code restrictions}). The form distinguishes "no allow rule" from "an allow rule
 * naming nothing", which denies everything (R8.5).
 */
@Controller
class ConsoleRestrictionController {

	private static final String PAGE = "/console/restrictions";

	private final ConsoleCallers callers;

	private final RestrictionService restrictions;

	private final ComplianceService compliance;

	private final MemberService members;

	ConsoleRestrictionController(ConsoleCallers callers, RestrictionService restrictions, ComplianceService compliance,
			MemberService members) {
		this.callers = callers;
		this.restrictions = restrictions;
		this.compliance = compliance;
		this.members = members;
	}

	@GetMapping(PAGE)
	String list(@RequestParam(required = false) String member, @RequestParam(required = false) String tool,
			@RequestParam(required = false) String at, Model model) {
		Caller caller = this.callers.current();
		model.addAttribute("restrictions", this.restrictions.list(caller, null));
		if (caller.holds(Permission.MEMBERS_READ)) {
			model.addAttribute("members", this.members.list(caller));
		}
		model.addAttribute("member", (member != null) ? member : "");
		model.addAttribute("tool", (tool != null) ? tool : "");
		model.addAttribute("at", (at != null) ? at : "");
		if (member != null && !member.isBlank() && tool != null && !tool.isBlank()) {
			model.addAttribute("explain",
					this.compliance.explain(caller, member.strip(), tool.strip(), Forms.instant(at)));
		}
		return "console/restrictions";
	}

	@PostMapping(PAGE)
	String create(@RequestParam(defaultValue = "") String target,
			@RequestParam(defaultValue = "false") boolean allowRule, @RequestParam(required = false) String allow,
			@RequestParam(required = false) String block, RedirectAttributes flash) {
		RestrictionInput input = RestrictionInput.of(target.strip(), allowRule, Forms.items(allow), Forms.items(block));
		return Actions.run(flash, PAGE, "Restriction created for " + target.strip() + ".",
				() -> this.restrictions.create(this.callers.current(), input));
	}

	@PostMapping(PAGE + "/{restriction}")
	String update(@PathVariable String restriction, @RequestParam(defaultValue = "false") boolean allowRule,
			@RequestParam(required = false) String allow, @RequestParam(required = false) String block,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Restriction updated.", () -> this.restrictions.update(this.callers.current(),
				restriction, RestrictionInput.of(null, allowRule, Forms.items(allow), Forms.items(block))));
	}

	@PostMapping(PAGE + "/{restriction}/delete")
	String delete(@PathVariable String restriction, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Restriction deleted.",
				() -> this.restrictions.delete(this.callers.current(), restriction));
	}

}
