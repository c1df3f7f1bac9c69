package io.quiver.query.toolbox.api;

import java.util.List;

import io.quiver.command.toolbox.api.ToolboxEntry;

/**
 * A toolbox as the toolbox directory shows it.
 */
public record ToolboxSummary(String toolboxId, String name, String description, List<ToolboxEntry> entries,
		List<String> grants, String createdAt, String updatedAt) {

	/**
	 * The entry a caller names by its id or by its advertised name, or null.
	 */
	public ToolboxEntry entry(String reference) {
		return this.entries.stream()
			.filter((entry) -> entry.entryId().equals(reference) || entry.advertisedName().equals(reference))
			.findFirst()
			.orElse(null);
	}

}
