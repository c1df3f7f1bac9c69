package io.quiver.edge.console;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.quiver.edge.connection.ConnectionService;
import io.quiver.edge.toolbox.ToolboxService;
import io.quiver.query.access.Caller;
import io.quiver.query.connection.api.ConnectionSummary;
import io.quiver.query.toolbox.api.ToolboxEntryInput;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console/toolboxes}: toolboxes with their entries (merged accounts, defaults,
 * frozen parameters) and grants; create, add and remove entries, grant and revoke, delete
 * (SPEC R4.3, R13 {@code toolboxes}).
 */
@Controller
class ConsoleToolboxController {

	private static final String PAGE = "/console/toolboxes";

	private final ConsoleCallers callers;

	private final ToolboxService toolboxes;

	private final ConnectionService connections;

	ConsoleToolboxController(ConsoleCallers callers, ToolboxService toolboxes, ConnectionService connections) {
		this.callers = callers;
		this.toolboxes = toolboxes;
		this.connections = connections;
	}

	@GetMapping(PAGE)
	String list(Model model) {
		Caller caller = this.callers.current();
		model.addAttribute("toolboxes", this.toolboxes.list(caller));
		List<ConnectionSummary> readable = this.connections.list(caller);
		Map<String, String> labels = new HashMap<>();
		readable.forEach((connection) -> labels.put(connection.connectionId(), connection.label()));
		model.addAttribute("labels", labels);
		model.addAttribute("connections", readable);
		return "console/toolboxes";
	}

	@PostMapping(PAGE)
	String create(@RequestParam(defaultValue = "") String name, @RequestParam(required = false) String description,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Created toolbox " + name.strip() + ".",
				() -> this.toolboxes.create(this.callers.current(), name.strip(), Forms.blankToNull(description)));
	}

	@PostMapping(PAGE + "/{toolbox}/entries")
	String addEntry(@PathVariable String toolbox, @RequestParam(defaultValue = "") String operation,
			@RequestParam(required = false) List<String> connections,
			@RequestParam(required = false) String connectionLabels, @RequestParam(required = false) String name,
			@RequestParam(required = false) String defaults, @RequestParam(required = false) String frozen,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Entry added.", () -> {
			List<String> backing = new java.util.ArrayList<>((connections != null) ? connections : List.of());
			backing.addAll(Forms.items(connectionLabels));
			this.toolboxes.addEntry(this.callers.current(), toolbox,
					new ToolboxEntryInput(Forms.blankToNull(operation), backing, Forms.blankToNull(name),
							Forms.object(defaults, "defaults"), Forms.object(frozen, "frozen")));
		});
	}

	@PostMapping(PAGE + "/{toolbox}/entries/{entry}/remove")
	String removeEntry(@PathVariable String toolbox, @PathVariable String entry, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Entry removed.",
				() -> this.toolboxes.removeEntry(this.callers.current(), toolbox, entry));
	}

	@PostMapping(PAGE + "/{toolbox}/grants")
	String grant(@PathVariable String toolbox, @RequestParam(defaultValue = "") String target,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Granted to " + target.strip() + ".",
				() -> this.toolboxes.grant(this.callers.current(), toolbox, target.strip()));
	}

	@PostMapping(PAGE + "/{toolbox}/grants/revoke")
	String revoke(@PathVariable String toolbox, @RequestParam(defaultValue = "") String target,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Revoked from " + target.strip() + ".",
				() -> this.toolboxes.revoke(this.callers.current(), toolbox, target.strip()));
	}

	@PostMapping(PAGE + "/{toolbox}/delete")
	String delete(@PathVariable String toolbox, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Toolbox deleted.",
				() -> this.toolboxes.delete(this.callers.current(), toolbox));
	}

}
