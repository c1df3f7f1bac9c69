package io.quiver.edge.ops;

import java.util.List;

/**
 * Quiver refuses to start: what is wrong and what to do, for
 * {@link StartupSettingsFailureAnalyzer} to report without a stack trace.
 */
public final class StartupSettingsException extends RuntimeException {

	private final String action;

	private StartupSettingsException(String description, String action) {
		super(description, null, false, false);
		this.action = action;
	}

	static StartupSettingsException invalidSettings(List<String> problems) {
		StringBuilder description = new StringBuilder("Quiver cannot start: ")
			.append((problems.size() == 1) ? "1 setting is" : problems.size() + " settings are")
			.append(" missing or invalid.");
		problems.forEach((problem) -> description.append(System.lineSeparator()).append("  - ").append(problem));
		return new StartupSettingsException(description.toString(),
				"Set or correct the settings above, as environment variables (shown in brackets), --name=value "
						+ "arguments or in application.yml, and start again. All of Quiver's settings are described "
						+ "in docs/operations.md.");
	}

	static StartupSettingsException embeddedDatabaseInUse(String file, boolean rebuild) {
		if (rebuild) {
			return new StartupSettingsException("The rebuild command cannot run beside a serving node on the "
					+ "embedded database: the node holds " + file + ".mv.db open, and H2 lets one process at a "
					+ "time open it. Stop the node, run the rebuild with the same settings, and start the node "
					+ "again; on the embedded default a rebuild takes seconds. Rebuilds beside serving nodes need "
					+ "PostgreSQL, where every node and the rebuild share the database.",
					"Stop the Quiver process that uses " + file + ".mv.db, then run the rebuild again.");
		}
		return new StartupSettingsException("The embedded database " + file + ".mv.db is in use by another "
				+ "process (another Quiver node on the same data directory, or a tool holding it open), and H2 "
				+ "lets one process at a time open it. Stop that process, or give this node a data directory of "
				+ "its own (quiver.data-dir); nodes that share data need PostgreSQL.",
				"Stop the other process that uses " + file + ".mv.db, or set quiver.data-dir, and start again.");
	}

	String action() {
		return this.action;
	}

}
