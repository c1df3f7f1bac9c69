package io.quiver.query.toolindex.api;

import java.util.List;
import java.util.Set;

import io.quiver.command.member.api.Target;
import io.quiver.command.toolbox.api.ToolboxEntry;

/**
 * A toolbox as the live policy state knows it.
 */
public record ToolboxView(String toolboxId, String name, String description, List<ToolboxEntry> entries,
		Set<Target> grants) {
}
