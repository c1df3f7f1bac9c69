package io.quiver.edge.audit;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.audit.AuditService.Filters;
import io.quiver.query.access.Caller;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.proof.EntryJson;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Streams an export of the trail as JSON lines or CSV, for every edge that offers one
 * (the REST API's {@code /api/v1/audit/export} and the console), so both write the same
 * bytes. Access and filters are checked by {@link AuditService#export} before the first
 * byte.
 */
@Component
public class AuditExports {

	static final String CSV_HEADER = "seq,entryId,at,memberId,subject,requestedName,viaExecuteTool,resolvedTool,"
			+ "operation,connectionId,account,classification,gate,decision,outcome,errorCode,argumentNames,"
			+ "argumentCount,durationMicros,prevHash,hash,v,phase,attemptSeq,settledBy,settledOutcome";

	private final AuditService audit;

	AuditExports(AuditService audit) {
		this.audit = audit;
	}

	/**
	 * The download of the trail in {@code format} ({@code jsonl} or {@code csv}): the
	 * format, access and filters are checked now, before the first byte; the body streams
	 * the entries.
	 */
	public ResponseEntity<StreamingResponseBody> download(Caller caller, Filters filters, String format) {
		boolean csv = format.equals("csv");
		if (!csv && !format.equals("jsonl")) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "format must be jsonl or csv");
		}
		ExportSink sink = new ExportSink(csv, caller.orgId());
		Runnable run = this.audit.export(caller, filters, (entry) -> sink.write(entry));
		StreamingResponseBody body = (out) -> {
			sink.writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
			if (csv) {
				sink.writer.write(CSV_HEADER);
				sink.writer.write('\n');
			}
			run.run();
			sink.writer.flush();
		};
		return ResponseEntity.ok()
			.header(HttpHeaders.CONTENT_DISPOSITION,
					"attachment; filename=\"quiver-audit-" + caller.orgId() + (csv ? ".csv" : ".jsonl") + "\"")
			.contentType(csv ? new MediaType("text", "csv", StandardCharsets.UTF_8)
					: new MediaType("application", "x-ndjson", StandardCharsets.UTF_8))
			.body(body);
	}

	static String csvLine(AuditEntry e) {
		Object[] fields = { e.seq(), e.entryId(), e.at(), e.memberId(), e.subject(), e.requestedName(),
				e.viaExecuteTool(), e.resolvedTool(), e.operation(), e.connectionId(), e.account(), e.classification(),
				e.gate(), e.decision(), e.outcome(), e.errorCode(), String.join(";", e.argumentNames()),
				e.argumentCount(), e.durationMicros(), e.prevHash(), e.hash(), e.version(), e.phase(), e.attemptSeq(),
				(e.settled() != null) ? e.settled().seq() : null,
				(e.settled() != null) ? e.settled().outcome() : null };
		StringBuilder line = new StringBuilder();
		for (int i = 0; i < fields.length; i++) {
			if (i > 0) {
				line.append(',');
			}
			line.append(csvField(fields[i]));
		}
		return line.toString();
	}

	/**
	 * One CSV cell (RFC 4180), safe to open in a spreadsheet (SPEC R10.12): a cell that
	 * starts with {@code = + - @}, a tab or a carriage return would be read as a formula
	 * (OWASP "CSV injection"), so it is prefixed with an apostrophe and quoted, and a
	 * spreadsheet shows it as text. The JSON-lines export keeps every value as it is.
	 */
	static String csvField(Object value) {
		if (value == null) {
			return "";
		}
		String text = value.toString();
		boolean formula = !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0;
		if (formula) {
			text = "'" + text;
		}
		if (formula || text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0
				|| text.indexOf('\r') >= 0) {
			return '"' + text.replace("\"", "\"\"") + '"';
		}
		return text;
	}

	/**
	 * Writes the entries: CSV lines, or JSON lines in the entries' canonical form, the
	 * very bytes their hashes cover plus the hash, which the offline check reads back
	 * (SPEC R10.11).
	 */
	private static final class ExportSink {

		private final boolean csv;

		private final String orgId;

		private BufferedWriter writer;

		ExportSink(boolean csv, String orgId) {
			this.csv = csv;
			this.orgId = orgId;
		}

		void write(AuditEntry entry) {
			try {
				this.writer.write(this.csv ? csvLine(entry)
						: new String(EntryJson.line(this.orgId, entry), StandardCharsets.UTF_8));
				this.writer.write('\n');
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
