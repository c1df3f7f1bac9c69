package io.quiver.edge.console;

import io.quiver.edge.catalog.CatalogService;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console/catalog}: browse the connectors the caller may see, look at one's
 * operations, register a custom connector from an OpenAPI 3 document or an MCP server
 * URL, unregister a custom one (SPEC R4.1, R13 {@code catalog}).
 */
@Controller
class ConsoleCatalogController {

	private static final String PAGE = "/console/catalog";

	private final ConsoleCallers callers;

	private final CatalogService catalog;

	ConsoleCatalogController(ConsoleCallers callers, CatalogService catalog) {
		this.callers = callers;
		this.catalog = catalog;
	}

	@GetMapping(PAGE)
	String browse(@RequestParam(required = false) String query, Model model) {
		model.addAttribute("connectors", this.catalog.browse(this.callers.current(), query));
		model.addAttribute("query", (query != null) ? query : "");
		return "console/catalog";
	}

	@GetMapping(PAGE + "/{connector}")
	String connector(@PathVariable String connector, Model model) {
		model.addAttribute("connector", this.catalog.get(this.callers.current(), connector));
		return "console/connector";
	}

	@PostMapping(PAGE)
	String register(@RequestParam(defaultValue = "") String id, @RequestParam(defaultValue = "") String label,
			@RequestParam(defaultValue = "http") String kind, @RequestParam(required = false) String url,
			@RequestParam(required = false) String openapi,
			@RequestParam(defaultValue = "false") boolean allowPrivateNetwork, RedirectAttributes flash) {
		boolean mcp = kind.equalsIgnoreCase("mcp");
		String document = (!mcp && openapi != null && !openapi.isBlank()) ? openapi : null;
		String address = (mcp && url != null && !url.isBlank()) ? url.strip() : null;
		return Actions.run(flash, PAGE, "Registered " + id.strip() + ".", () -> this.catalog
			.register(this.callers.current(), id.strip(), label.strip(), kind, address, document, allowPrivateNetwork));
	}

	@PostMapping(PAGE + "/{connector}/unregister")
	String unregister(@PathVariable String connector, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Unregistered " + connector + ".",
				() -> this.catalog.unregister(this.callers.current(), connector));
	}

}
