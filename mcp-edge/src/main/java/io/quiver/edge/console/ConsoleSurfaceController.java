package io.quiver.edge.console;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.quiver.edge.member.MemberService;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Permission;
import io.quiver.query.access.Scope;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * {@code /console/surface}, "What the model sees": a member's {@code tools/list} for a
 * token with the chosen scopes (all four by default), its size, and a search box that
 * runs {@code search_tools} as that member ({@link SurfaceService}).
 */
@Controller
class ConsoleSurfaceController {

	private final ConsoleCallers callers;

	private final SurfaceService surfaces;

	private final MemberService members;

	ConsoleSurfaceController(ConsoleCallers callers, SurfaceService surfaces, MemberService members) {
		this.callers = callers;
		this.surfaces = surfaces;
		this.members = members;
	}

	@GetMapping("/console/surface")
	String surface(@RequestParam(required = false) String member, @RequestParam(required = false) List<String> scope,
			@RequestParam(required = false) String q, @RequestParam(required = false) Integer limit, Model model) {
		Caller caller = this.callers.current();
		Set<Scope> scopes = (scope == null) ? EnumSet.allOf(Scope.class) : Scope.parse(scope);
		String who = Forms.blankToNull(member);
		model.addAttribute("preview", this.surfaces.preview(caller, who, scopes, q, limit));
		if (caller.holds(Permission.MEMBERS_READ)) {
			model.addAttribute("members", this.members.list(caller));
		}
		model.addAttribute("member", (who != null) ? who : caller.subject());
		model.addAttribute("scopes", scopes.stream().map(Scope::wireName).toList());
		model.addAttribute("allScopes", List.of(Scope.values()).stream().map(Scope::wireName).toList());
		model.addAttribute("q", (q != null) ? q : "");
		model.addAttribute("limit", (limit != null) ? limit : 10);
		model.addAttribute("bytesPerToken", SurfaceService.BYTES_PER_TOKEN);
		return "console/surface";
	}

}
