package io.quiver.edge.console;

import java.util.LinkedHashMap;
import java.util.Map;

import io.quiver.edge.audit.AuditExports;
import io.quiver.edge.audit.AuditService;
import io.quiver.edge.audit.AuditService.Filters;
import io.quiver.query.access.Caller;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * {@code /console/audit}: the tool-call trail filtered and paged, chain verification,
 * export as JSON lines or CSV through the console's session (the same stream and filters
 * as {@code /api/v1/audit/export}), and the control-plane changes (SPEC R10). The trail
 * holds argument names and counts, never values.
 */
@Controller
class ConsoleAuditController {

	private final ConsoleCallers callers;

	private final AuditService audit;

	private final AuditExports exports;

	ConsoleAuditController(ConsoleCallers callers, AuditService audit, AuditExports exports) {
		this.callers = callers;
		this.audit = audit;
		this.exports = exports;
	}

	@GetMapping("/console/audit")
	String trail(@RequestParam(required = false) String member, @RequestParam(required = false) String tool,
			@RequestParam(required = false) String connection, @RequestParam(required = false) String outcome,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(required = false) String cursor, @RequestParam(required = false) Integer limit,
			@RequestParam(defaultValue = "false") boolean verify, Model model) {
		Caller caller = this.callers.current();
		Filters filters = filters(member, tool, connection, outcome, from, to);
		int pageSize = (limit != null) ? Math.max(1, Math.min(500, limit)) : 50;
		model.addAttribute("page", this.audit.list(caller, filters, Forms.blankToNull(cursor), pageSize));
		if (verify) {
			model.addAttribute("verification", this.audit.verify(caller));
		}
		Map<String, String> query = query(filters);
		model.addAttribute("filters", filters);
		model.addAttribute("limit", pageSize);
		model.addAttribute("firstPage", Forms.blankToNull(cursor) == null);
		model.addAttribute("here", link("/console/audit", query, null));
		model.addAttribute("nextBase", link("/console/audit", query, Map.of("limit", String.valueOf(pageSize))));
		model.addAttribute("verifyLink", link("/console/audit", query, Map.of("verify", "true")));
		model.addAttribute("jsonl", link("/console/audit/export", query, Map.of("format", "jsonl")));
		model.addAttribute("csv", link("/console/audit/export", query, Map.of("format", "csv")));
		return "console/audit";
	}

	@GetMapping("/console/audit/changes")
	String changes(@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(required = false) String cursor, Model model) {
		Caller caller = this.callers.current();
		model.addAttribute("changes",
				this.audit.changes(caller, Forms.instant(from), Forms.instant(to), Forms.blankToNull(cursor), 100));
		model.addAttribute("from", (from != null) ? from : "");
		model.addAttribute("to", (to != null) ? to : "");
		return "console/changes";
	}

	@GetMapping("/console/audit/export")
	ResponseEntity<StreamingResponseBody> export(@RequestParam(defaultValue = "jsonl") String format,
			@RequestParam(required = false) String member, @RequestParam(required = false) String tool,
			@RequestParam(required = false) String connection, @RequestParam(required = false) String outcome,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to) {
		return this.exports.download(this.callers.current(), filters(member, tool, connection, outcome, from, to),
				format);
	}

	private static Filters filters(String member, String tool, String connection, String outcome, String from,
			String to) {
		return new Filters(Forms.blankToNull(member), Forms.blankToNull(tool), Forms.blankToNull(connection),
				Forms.blankToNull(outcome), Forms.instant(from), Forms.instant(to));
	}

	private static Map<String, String> query(Filters filters) {
		Map<String, String> query = new LinkedHashMap<>();
		query.put("member", filters.member());
		query.put("tool", filters.tool());
		query.put("connection", filters.connection());
		query.put("outcome", filters.outcome());
		query.put("from", filters.from());
		query.put("to", filters.to());
		return query;
	}

	private static String link(String path, Map<String, String> query, Map<String, String> more) {
		UriComponentsBuilder link = UriComponentsBuilder.fromPath(path);
		query.forEach((name, value) -> {
			if (value != null) {
				link.queryParam(name, value);
			}
		});
		if (more != null) {
			more.forEach(link::queryParam);
		}
		return link.build().encode().toUriString();
	}

}
