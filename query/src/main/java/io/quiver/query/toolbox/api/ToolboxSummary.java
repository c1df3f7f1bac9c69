package io.quiver.query.toolbox.api;

import io.quiver.command.toolbox.api.ToolboxEntry;
import java.util.List;

/**
 * A toolbox as the toolbox directory shows it.
 */
public record ToolboxSummary(String toolboxId, String name, String description, List<ToolboxEntry> entries,
		List<String> grants, String createdAt, String updatedAt) {
}
