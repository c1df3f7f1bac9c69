package io.quiver.edge.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.query.support.CallerText;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CSV export is safe to open in a spreadsheet (SPEC R10.12): tool names a caller
 * chose to look like formulas ({@code =HYPERLINK(…)}, {@code +cmd}, {@code -2+3},
 * {@code @SUM}) come out as text cells prefixed with an apostrophe, while the JSON-lines
 * export keeps them as stored; a leading tab or carriage return is escaped before it is
 * stored (R10.8), so no cell starts with one either.
 */
class AuditCsvIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final List<String> FORMULAS = List.of("=HYPERLINK(\"https://evil.example/?x\",\"open me\")",
			"+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\tTAB", "\rCR");

	@Test
	void formulaCellsAreNeutralisedAndTheJsonLinesKeepTheNames() throws Exception {
		String org = this.organizations.create("audit-csv");
		try (Mcp owner = mcp(org, "owner")) {
			for (String name : FORMULAS) {
				assertThat(owner.call(name, Map.of()).isError()).isTrue();
			}
		}
		Rest rest = rest(org, "owner");
		Rest.Response csv = rest.get("/api/v1/audit/export?format=csv");
		assertThat(csv.status()).as(csv.body()).isEqualTo(200);
		List<List<String>> rows = parse(csv.body());
		int column = rows.get(0).indexOf("requestedName");
		List<String> cells = rows.subList(1, rows.size()).stream().map((row) -> row.get(column)).toList();
		// a tab or a CR is escaped before it is stored (R10.8), so such a name no longer
		// starts with one
		List<String> stored = FORMULAS.stream().map(CallerText::escape).toList();
		assertThat(cells).containsExactlyElementsOf(
				stored.stream().map((name) -> ("=+-@".indexOf(name.charAt(0)) >= 0) ? "'" + name : name).toList());
		assertThat(cells).allSatisfy((cell) -> assertThat("=+-@\t\r").doesNotContain(cell.substring(0, 1)));

		Rest.Response jsonl = rest.get("/api/v1/audit/export?format=jsonl");
		List<String> names = new ArrayList<>();
		for (String line : jsonl.body().split("\n")) {
			names.add(JSON.readTree(line).path("requestedName").asText());
		}
		assertThat(names).containsExactlyElementsOf(stored);
	}

	/** RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks. */
	private static List<List<String>> parse(String text) {
		List<List<String>> rows = new ArrayList<>();
		List<String> row = new ArrayList<>();
		StringBuilder cell = new StringBuilder();
		boolean quoted = false;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (quoted) {
				if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
					cell.append('"');
					i++;
				}
				else if (c == '"') {
					quoted = false;
				}
				else {
					cell.append(c);
				}
			}
			else if (c == '"') {
				quoted = true;
			}
			else if (c == ',') {
				row.add(cell.toString());
				cell.setLength(0);
			}
			else if (c == '\n') {
				row.add(cell.toString());
				cell.setLength(0);
				rows.add(row);
				row = new ArrayList<>();
			}
			else {
				cell.append(c);
			}
		}
		return rows;
	}

}
