package io.quiver.query.access;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.quiver.command.member.api.Role;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/permissions.md} says what {@link RolePermissions} and
 * {@link ControlPlaneOperation} decide: its tables are parsed and compared with the code,
 * cell by cell, so the documentation cannot drift from the code.
 */
class RolePermissionsDocTest {

	private static final Path DOC = locate("docs/permissions.md");

	@Test
	void theRoleTableIsRolePermissions() throws IOException {
		List<List<String>> table = table("| Permission |");
		List<String> header = table.get(0);
		assertThat(header.subList(2, header.size()))
			.containsExactlyElementsOf(Arrays.stream(Role.values()).map(Role::name).toList());

		Map<String, List<String>> rows = new LinkedHashMap<>();
		table.subList(1, table.size()).forEach((row) -> rows.put(unquote(row.get(0)), row));
		assertThat(rows.keySet()).as("one row per permission, in the enum's order")
			.containsExactlyElementsOf(Arrays.stream(Permission.values()).map(Permission::wireName).toList());

		for (Permission permission : Permission.values()) {
			List<String> row = rows.get(permission.wireName());
			assertThat(row.get(1)).as("what %s allows", permission.wireName()).isNotBlank();
			for (Role role : Role.values()) {
				String cell = row.get(2 + role.ordinal());
				assertThat(cell).as("%s holds %s", role, permission.wireName()).isIn("✓", "");
				assertThat(cell.equals("✓")).as("%s holds %s", role, permission.wireName())
					.isEqualTo(RolePermissions.holds(role, permission));
			}
		}
	}

	@Test
	void theOperationTableIsControlPlaneOperation() throws IOException {
		List<List<String>> table = table("| MCP tool |");
		Map<String, List<String>> rows = new LinkedHashMap<>();
		table.subList(1, table.size()).forEach((row) -> rows.put(unquote(row.get(0)), row));
		assertThat(rows.keySet()).containsExactlyElementsOf(
				Arrays.stream(ControlPlaneOperation.values()).map(ControlPlaneOperation::toolName).toList());
		for (ControlPlaneOperation operation : ControlPlaneOperation.values()) {
			List<String> row = rows.get(operation.toolName());
			assertThat(row.get(1)).as(operation.toolName())
				.isEqualTo(operation.classification().name().toLowerCase(Locale.ROOT));
			Set<String> documented = Arrays.stream(row.get(2).split(" or "))
				.map(RolePermissionsDocTest::unquote)
				.collect(Collectors.toSet());
			assertThat(documented).as(operation.toolName())
				.isEqualTo(operation.permissions().stream().map(Permission::wireName).collect(Collectors.toSet()));
		}
	}

	@Test
	void theReadmeLinksThePage() throws IOException {
		assertThat(Files.readString(locate("README.md"))).contains("(docs/permissions.md)");
	}

	/**
	 * The rows of the Markdown table whose header line starts so, header first, cells
	 * trimmed.
	 */
	private static List<List<String>> table(String headerStart) throws IOException {
		List<String> lines = Files.readAllLines(DOC);
		int start = -1;
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).startsWith(headerStart)) {
				start = i;
				break;
			}
		}
		assertThat(start).as("a table starting '%s' in %s", headerStart, DOC).isNotNegative();
		List<List<String>> rows = new ArrayList<>();
		rows.add(cells(lines.get(start)));
		for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
			rows.add(cells(lines.get(i)));
		}
		return rows;
	}

	private static List<String> cells(String line) {
		String inner = line.strip().substring(1, line.strip().length() - 1);
		return Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList();
	}

	private static String unquote(String cell) {
		return cell.strip().replace("`", "");
	}

	private static Path locate(String relative) {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve(relative))) {
				return dir.resolve(relative);
			}
		}
		throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
	}

}
