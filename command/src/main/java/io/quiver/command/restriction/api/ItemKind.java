package io.quiver.command.restriction.api;

/**
 * What a restriction item names (SPEC R8.1).
 */
public enum ItemKind {

	/** {@code connector:notion}: every operation of the connector. */
	CONNECTOR,
	/** {@code tool:notion-legal__search_pages} or {@code tool:notion.search_pages}. */
	TOOL

}
