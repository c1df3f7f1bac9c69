package io.quiver.query.search.api;

import java.util.Objects;

/**
 * One searchable tool: the fields of SPEC R6.1.
 *
 * @param name the advertised name, account label included (e.g.
 * {@code notion-legal__search_pages}); the tie-break of R6.6
 * @param connectorId the connector's id (e.g. {@code notion})
 * @param connectorLabel the connector's display label (e.g. {@code Notion})
 * @param description the advertised description, including generated scaffolding such as
 * {@code [Work Notion / Personal Notion, set connection]} and
 * {@code (frozen: folder_id=HR)}
 */
public record SearchDocument(String name, String connectorId, String connectorLabel, String description) {

	public SearchDocument {
		Objects.requireNonNull(name, "name");
		connectorId = connectorId == null ? "" : connectorId;
		connectorLabel = connectorLabel == null ? "" : connectorLabel;
		description = description == null ? "" : description;
	}

}
