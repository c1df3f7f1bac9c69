package io.quiver.edge.console;

import io.quiver.edge.member.MemberService;
import io.quiver.edge.restriction.ComplianceService;
import io.quiver.edge.restriction.RestrictionService;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Permission;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * {@code /console/compliance}: the restriction history as a timeline (who, when, the
 * rules before and after), the effective rules and reachable tools of a member as of an
 * instant, and the difference between two instants (SPEC R11), all computed from the
 * events by {@link ComplianceService}.
 */
@Controller
class ConsoleComplianceController {

	private final ConsoleCallers callers;

	private final RestrictionService restrictions;

	private final ComplianceService compliance;

	private final MemberService members;

	ConsoleComplianceController(ConsoleCallers callers, RestrictionService restrictions, ComplianceService compliance,
			MemberService members) {
		this.callers = callers;
		this.restrictions = restrictions;
		this.compliance = compliance;
		this.members = members;
	}

	@GetMapping("/console/compliance")
	String compliance(@RequestParam(required = false) String target, @RequestParam(required = false) String member,
			@RequestParam(required = false) String at, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, Model model) {
		Caller caller = this.callers.current();
		model.addAttribute("history", this.restrictions.history(caller, Forms.blankToNull(target), null, null, 200));
		if (caller.holds(Permission.MEMBERS_READ)) {
			model.addAttribute("members", this.members.list(caller));
		}
		String who = Forms.blankToNull(member);
		model.addAttribute("target", (target != null) ? target : "");
		model.addAttribute("member", (who != null) ? who : "");
		model.addAttribute("at", (at != null) ? at : "");
		model.addAttribute("from", (from != null) ? from : "");
		model.addAttribute("to", (to != null) ? to : "");
		if (who != null) {
			String instant = Forms.instant(at);
			model.addAttribute("effective", this.compliance.effective(caller, null, who, instant));
			model.addAttribute("reach", this.compliance.reachable(caller, who, instant));
			if (Forms.blankToNull(from) != null) {
				model.addAttribute("diff", this.compliance.diff(caller, who, Forms.instant(from), Forms.instant(to)));
			}
		}
		return "console/compliance";
	}

}
