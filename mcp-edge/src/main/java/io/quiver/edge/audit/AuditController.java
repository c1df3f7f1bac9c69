package io.quiver.edge.audit;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.audit.AuditService.Filters;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.api.AuditPage;
import io.quiver.query.audit.api.AuditVerification;
import io.quiver.query.gate.Caller;
import io.quiver.query.trail.api.ControlPlaneChange;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * {@code /api/v1/audit}: the auditor's API (SPEC R10.5): the tool-call trail with filters
 * and cursor pagination, chain verification, streaming export as JSON lines or CSV, and
 * the control-plane changes.
 */
@RestController
@RequestMapping("/api/v1/audit")
class AuditController {

	static final String CSV_HEADER = "seq,entryId,at,memberId,subject,requestedName,viaExecuteTool,resolvedTool,"
			+ "operation,connectionId,account,classification,gate,decision,outcome,errorCode,argumentNames,"
			+ "argumentCount,durationMicros,prevHash,hash";

	private final AuditService audit;

	private final ObjectMapper json;

	AuditController(AuditService audit, ObjectMapper json) {
		this.audit = audit;
		this.json = json;
	}

	@GetMapping
	AuditPage list(Caller caller, @RequestParam(required = false) String member,
			@RequestParam(required = false) String tool, @RequestParam(required = false) String connection,
			@RequestParam(required = false) String outcome, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String cursor,
			@RequestParam(required = false) Integer limit) {
		return this.audit.list(caller, new Filters(member, tool, connection, outcome, from, to), cursor, limit);
	}

	@GetMapping("/verify")
	AuditVerification verify(Caller caller) {
		return this.audit.verify(caller);
	}

	@GetMapping("/changes")
	List<ControlPlaneChange> changes(Caller caller, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String cursor,
			@RequestParam(required = false) Integer limit) {
		return this.audit.changes(caller, from, to, cursor, limit);
	}

	@GetMapping("/export")
	ResponseEntity<StreamingResponseBody> export(Caller caller, @RequestParam(defaultValue = "jsonl") String format,
			@RequestParam(required = false) String member, @RequestParam(required = false) String tool,
			@RequestParam(required = false) String connection, @RequestParam(required = false) String outcome,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to) {
		boolean csv = format.equals("csv");
		if (!csv && !format.equals("jsonl")) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "format must be jsonl or csv");
		}
		Filters filters = new Filters(member, tool, connection, outcome, from, to);
		StreamingResponseBody body = (out) -> {
			BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
			if (csv) {
				writer.write(CSV_HEADER);
				writer.write('\n');
			}
			this.audit.export(caller, filters, (entry) -> write(writer, entry, csv)).run();
			writer.flush();
		};
		return ResponseEntity.ok()
			.header(HttpHeaders.CONTENT_DISPOSITION,
					"attachment; filename=\"quiver-audit-" + caller.orgId() + (csv ? ".csv" : ".jsonl") + "\"")
			.contentType(csv ? new MediaType("text", "csv", StandardCharsets.UTF_8)
					: new MediaType("application", "x-ndjson", StandardCharsets.UTF_8))
			.body(body);
	}

	private void write(BufferedWriter writer, AuditEntry entry, boolean csv) {
		try {
			if (csv) {
				writer.write(csvLine(entry));
			}
			else {
				writer.write(this.json.writeValueAsString(entry));
			}
			writer.write('\n');
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static String csvLine(AuditEntry e) {
		Object[] fields = { e.seq(), e.entryId(), e.at(), e.memberId(), e.subject(), e.requestedName(),
				e.viaExecuteTool(), e.resolvedTool(), e.operation(), e.connectionId(), e.account(), e.classification(),
				e.gate(), e.decision(), e.outcome(), e.errorCode(), String.join(";", e.argumentNames()),
				e.argumentCount(), e.durationMicros(), e.prevHash(), e.hash() };
		StringBuilder line = new StringBuilder();
		for (int i = 0; i < fields.length; i++) {
			if (i > 0) {
				line.append(',');
			}
			line.append(csvField(fields[i]));
		}
		return line.toString();
	}

	private static String csvField(Object value) {
		if (value == null) {
			return "";
		}
		String text = value.toString();
		if (text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
			return '"' + text.replace("\"", "\"\"") + '"';
		}
		return text;
	}

}
