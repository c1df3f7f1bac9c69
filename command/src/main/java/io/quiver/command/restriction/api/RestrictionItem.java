package io.quiver.command.restriction.api;

/**
 * One allow or block item, as written and as pinned (SPEC R8.1, R8.6).
 *
 * @param written the item as the admin wrote it ({@code tool:notion-legal__search_pages})
 * @param kind connector or tool
 * @param name the name part of {@code written}: connector id, advertised name or
 * {@code connector.operation}
 * @param pin what it resolved to at write time
 */
public record RestrictionItem(String written, ItemKind kind, String name, Pin pin) {

	public RestrictionItem {
		if (written == null || kind == null || name == null || pin == null) {
			throw new IllegalArgumentException("a restriction item needs its written form, kind, name and pin");
		}
	}

}
