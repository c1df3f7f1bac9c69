package io.quiver.edge.console;

import io.quiver.edge.client.ClientService;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console/clients}: "Connected AI clients" (SPEC R13 {@code clients}, R14.3): a
 * member's own (client, since when, scopes, last used, revoke), and for a role with
 * {@code clients:read} every member's, revocable with {@code clients:write}.
 */
@Controller
class ConsoleClientController {

	private static final String PAGE = "/console/clients";

	private final ConsoleCallers callers;

	private final ClientService clients;

	ConsoleClientController(ConsoleCallers callers, ClientService clients) {
		this.callers = callers;
		this.clients = clients;
	}

	@GetMapping(PAGE)
	String list(Model model) {
		model.addAttribute("clients", this.clients.list(this.callers.current(), null));
		return "console/clients";
	}

	@PostMapping(PAGE + "/{consent}/revoke")
	String revoke(@PathVariable String consent, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Revoked.", () -> this.clients.revoke(this.callers.current(), consent, null));
	}

}
