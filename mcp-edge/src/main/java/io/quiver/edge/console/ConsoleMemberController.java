package io.quiver.edge.console;

import io.quiver.command.member.api.Role;
import io.quiver.edge.member.MemberService;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console/members}: list, invite, change role, suspend, reinstate, remove (SPEC
 * R13 {@code members}).
 */
@Controller
class ConsoleMemberController {

	private static final String PAGE = "/console/members";

	private final ConsoleCallers callers;

	private final MemberService members;

	ConsoleMemberController(ConsoleCallers callers, MemberService members) {
		this.callers = callers;
		this.members = members;
	}

	@GetMapping(PAGE)
	String list(Model model) {
		model.addAttribute("members", this.members.list(this.callers.current()));
		model.addAttribute("roles", Role.values());
		return "console/members";
	}

	@PostMapping(PAGE)
	String invite(@RequestParam(defaultValue = "") String subject, @RequestParam(required = false) String email,
			@RequestParam(defaultValue = "") String role, RedirectAttributes flash) {
		String address = (email != null && !email.isBlank()) ? email.strip() : null;
		return Actions.run(flash, PAGE, "Invited " + subject.strip() + " as " + role + ".",
				() -> this.members.invite(this.callers.current(), subject.strip(), address, role));
	}

	@PostMapping(PAGE + "/{member}/role")
	String changeRole(@PathVariable String member, @RequestParam(defaultValue = "") String role,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Role changed to " + role + ".",
				() -> this.members.changeRole(this.callers.current(), member, role));
	}

	@PostMapping(PAGE + "/{member}/suspend")
	String suspend(@PathVariable String member, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Suspended.", () -> this.members.suspend(this.callers.current(), member));
	}

	@PostMapping(PAGE + "/{member}/reinstate")
	String reinstate(@PathVariable String member, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Reinstated.", () -> this.members.reinstate(this.callers.current(), member));
	}

	@PostMapping(PAGE + "/{member}/remove")
	String remove(@PathVariable String member, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Removed.", () -> this.members.remove(this.callers.current(), member));
	}

}
