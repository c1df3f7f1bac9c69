package io.quiver.edge.audit;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.edge.audit.AuditService.Filters;
import io.quiver.query.gate.Caller;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * Streams an export of the trail in the same formats as {@code /api/v1/audit/export}
 * (JSON lines, or CSV with the same header and quoting), for edges other than the REST
 * API (the console). Access and filters are checked by {@link AuditService#export} before
 * the first byte.
 */
@Component
public class AuditExports {

	private final AuditService audit;

	private final ObjectMapper json;

	AuditExports(AuditService audit, ObjectMapper json) {
		this.audit = audit;
		this.json = json;
	}

	/**
	 * Checks access and filters now; the returned writer streams the entries.
	 * @param csv CSV when true, JSON lines otherwise
	 */
	public Export prepare(Caller caller, Filters filters, boolean csv) {
		ExportSink sink = new ExportSink(csv);
		Runnable run = this.audit.export(caller, filters, (entry) -> sink.write(entry));
		return (out) -> {
			sink.writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
			if (csv) {
				sink.writer.write(AuditController.CSV_HEADER);
				sink.writer.write('\n');
			}
			run.run();
			sink.writer.flush();
		};
	}

	public static MediaType mediaType(boolean csv) {
		return csv ? new MediaType("text", "csv", StandardCharsets.UTF_8)
				: new MediaType("application", "x-ndjson", StandardCharsets.UTF_8);
	}

	public static String fileName(Caller caller, boolean csv) {
		return "quiver-audit-" + caller.orgId() + (csv ? ".csv" : ".jsonl");
	}

	/** Writes the prepared export to a stream. */
	@FunctionalInterface
	public interface Export {

		void writeTo(OutputStream out) throws IOException;

	}

	private final class ExportSink {

		private final boolean csv;

		private BufferedWriter writer;

		ExportSink(boolean csv) {
			this.csv = csv;
		}

		void write(io.quiver.query.audit.api.AuditEntry entry) {
			try {
				this.writer.write(
						this.csv ? AuditController.csvLine(entry) : AuditExports.this.json.writeValueAsString(entry));
				this.writer.write('\n');
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
