package io.quiver.edge.toolbox;

import java.util.List;

import io.quiver.query.access.Caller;
import io.quiver.query.toolbox.api.ToolboxEntryInput;
import io.quiver.query.toolbox.api.ToolboxSummary;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/toolboxes}: the REST side of SPEC R13 {@code toolboxes}.
 */
@RestController
@RequestMapping("/api/v1/toolboxes")
class ToolboxController {

	private final ToolboxService toolboxes;

	ToolboxController(ToolboxService toolboxes) {
		this.toolboxes = toolboxes;
	}

	@GetMapping
	List<ToolboxSummary> list(Caller caller) {
		return this.toolboxes.list(caller);
	}

	@GetMapping("/{toolbox}")
	ToolboxSummary get(Caller caller, @PathVariable String toolbox) {
		return this.toolboxes.get(caller, toolbox);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	ToolboxSummary create(Caller caller, @RequestBody NewToolbox body) {
		return this.toolboxes.create(caller, body.name(), body.description());
	}

	@PostMapping("/{toolbox}/entries")
	@ResponseStatus(HttpStatus.CREATED)
	ToolboxSummary addEntry(Caller caller, @PathVariable String toolbox, @RequestBody ToolboxEntryInput body) {
		return this.toolboxes.addEntry(caller, toolbox, body);
	}

	@PutMapping("/{toolbox}/entries/{entry}")
	ToolboxSummary updateEntry(Caller caller, @PathVariable String toolbox, @PathVariable String entry,
			@RequestBody ToolboxEntryInput body) {
		return this.toolboxes.updateEntry(caller, toolbox, entry, body);
	}

	@DeleteMapping("/{toolbox}/entries/{entry}")
	ToolboxSummary removeEntry(Caller caller, @PathVariable String toolbox, @PathVariable String entry) {
		return this.toolboxes.removeEntry(caller, toolbox, entry);
	}

	@PostMapping("/{toolbox}/grants")
	ToolboxSummary grant(Caller caller, @PathVariable String toolbox, @RequestBody Grant body) {
		return this.toolboxes.grant(caller, toolbox, body.target());
	}

	@DeleteMapping("/{toolbox}/grants/{target}")
	ToolboxSummary revoke(Caller caller, @PathVariable String toolbox, @PathVariable String target) {
		return this.toolboxes.revoke(caller, toolbox, target);
	}

	@DeleteMapping("/{toolbox}")
	ToolboxSummary delete(Caller caller, @PathVariable String toolbox) {
		return this.toolboxes.delete(caller, toolbox);
	}

	/** Body of a new toolbox. */
	record NewToolbox(String name, String description) {
	}

	/** Body of a grant: {@code role:MEMBER} or {@code user:alice}. */
	record Grant(String target) {
	}

}
