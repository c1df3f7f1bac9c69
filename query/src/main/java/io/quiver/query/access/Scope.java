package io.quiver.query.access;

import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;

import io.quiver.command.catalog.api.Classification;

/**
 * The OAuth scopes of the MCP endpoint (SPEC R3.2, R3.3) and the ladder they form.
 */
public enum Scope {

	READ("mcp:read"), WRITE("mcp:write"), DESTRUCTIVE("mcp:destructive"), TOOLS("mcp:tools");

	private final String wireName;

	Scope(String wireName) {
		this.wireName = wireName;
	}

	public String wireName() {
		return this.wireName;
	}

	/** Parses the scopes of a token; unknown scopes are ignored. */
	public static Set<Scope> parse(Collection<String> granted) {
		Set<Scope> scopes = EnumSet.noneOf(Scope.class);
		for (String name : granted) {
			Arrays.stream(values()).filter((s) -> s.wireName.equals(name)).forEach(scopes::add);
		}
		return scopes;
	}

	/**
	 * The least scope of the ladder that reaches a classification: read ← mcp:read, write
	 * ← mcp:write, destructive ← mcp:destructive; null for forbidden, which no scope
	 * reaches.
	 */
	public static Scope ladderStepFor(Classification classification) {
		return switch (classification) {
			case READ -> READ;
			case WRITE -> WRITE;
			case DESTRUCTIVE -> DESTRUCTIVE;
			case FORBIDDEN -> null;
		};
	}

	/** Whether the granted scopes reach the classification on the ladder (R3.2). */
	public static boolean ladderReaches(Set<Scope> granted, Classification classification) {
		return switch (classification) {
			case READ -> granted.contains(READ) || granted.contains(WRITE) || granted.contains(DESTRUCTIVE);
			case WRITE -> granted.contains(WRITE) || granted.contains(DESTRUCTIVE);
			case DESTRUCTIVE -> granted.contains(DESTRUCTIVE);
			case FORBIDDEN -> false;
		};
	}

	/**
	 * Every scope the endpoint knows, space separated, as in {@code scopes_supported}.
	 */
	public static String allWireNames() {
		return String.join(" ", Arrays.stream(values()).map(Scope::wireName).toList());
	}

}
