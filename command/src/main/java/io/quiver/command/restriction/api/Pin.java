package io.quiver.command.restriction.api;

/**
 * What a restriction item was resolved to against the catalog when it was written (SPEC
 * R8.6). A pin does not move when a connection is relabeled or an entry renamed.
 *
 * @param connectorId always set
 * @param operation set for tool items, null for connector items
 * @param connectionId set when the item named an account tool
 * ({@code notion-legal__search_pages}), null when it named an operation of any account
 * ({@code notion.search_pages})
 * @param toolboxEntryId set when the item named a toolbox entry by its advertised name
 */
public record Pin(String connectorId, String operation, String connectionId, String toolboxEntryId) {

	public Pin {
		if (connectorId == null || connectorId.isBlank()) {
			throw new IllegalArgumentException("a pin always names a connector");
		}
	}

	public static Pin connector(String connectorId) {
		return new Pin(connectorId, null, null, null);
	}

}
