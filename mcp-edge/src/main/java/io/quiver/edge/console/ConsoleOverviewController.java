package io.quiver.edge.console;

import io.quiver.edge.org.OrganizationService;
import io.quiver.edge.org.SettingsChange;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console}: the organisation at a glance, and {@code /console/settings}: its
 * settings (SPEC R13 {@code org}).
 */
@Controller
class ConsoleOverviewController {

	private final ConsoleCallers callers;

	private final OrganizationService organizations;

	ConsoleOverviewController(ConsoleCallers callers, OrganizationService organizations) {
		this.callers = callers;
		this.organizations = organizations;
	}

	@GetMapping({ "/console", "/console/" })
	String overview(Model model) {
		model.addAttribute("org", this.organizations.get(this.callers.current()));
		return "console/overview";
	}

	@GetMapping("/console/settings")
	String settings(Model model) {
		model.addAttribute("org", this.organizations.get(this.callers.current()));
		return "console/settings";
	}

	@PostMapping("/console/settings")
	String updateSettings(@RequestParam(required = false) Integer collapseThreshold,
			@RequestParam(required = false) Integer outboundTimeoutMillis,
			@RequestParam(required = false) Integer outboundMaxResponseBytes, RedirectAttributes flash) {
		return Actions.run(flash, "/console/settings", "Settings saved.",
				() -> this.organizations.updateSettings(this.callers.current(), new SettingsChange(collapseThreshold,
						outboundTimeoutMillis, outboundMaxResponseBytes, null, null, null)));
	}

}
