package io.quiver.command.catalog.api;

import java.util.Locale;

/**
 * How far-reaching a tool is (SPEC R3.1). The OAuth scope ladder (R3.2) decides which
 * classifications a caller reaches; {@code FORBIDDEN} is reached by nobody.
 */
public enum Classification {

	READ, WRITE, DESTRUCTIVE, FORBIDDEN;

	/** GET/HEAD read, POST/PUT/PATCH write, DELETE destructive (R3.1). */
	public static Classification ofHttpMethod(String method) {
		return switch (method.toUpperCase(Locale.ROOT)) {
			case "GET", "HEAD", "OPTIONS" -> READ;
			case "DELETE" -> DESTRUCTIVE;
			default -> WRITE;
		};
	}

	/**
	 * Upstream MCP annotations: {@code readOnlyHint} read, {@code destructiveHint}
	 * destructive, otherwise (including no annotations at all) write (R3.1).
	 */
	public static Classification ofMcpAnnotations(Boolean readOnlyHint, Boolean destructiveHint) {
		if (Boolean.TRUE.equals(readOnlyHint)) {
			return READ;
		}
		if (Boolean.TRUE.equals(destructiveHint)) {
			return DESTRUCTIVE;
		}
		return WRITE;
	}

	public String wireName() {
		return name().toLowerCase(Locale.ROOT);
	}

}
