package io.quiver.query.access;

import java.util.Locale;

/**
 * What a role may do (SPEC R2.3, R2.4). Which role holds which permission is decided in
 * one place, {@link RolePermissions}.
 */
public enum Permission {

	/** Reach the MCP endpoint at all: list and call tools (R2.3). */
	TOOL_EXECUTE("tool:execute"), MEMBERS_READ("members:read"), MEMBERS_WRITE("members:write"),
	/** Read one's own connections. */
	CONNECTIONS_READ_OWN("connections:read:own"),
	/** Read every member's connections. */
	CONNECTIONS_READ_ALL("connections:read"),
	/** Create and manage one's own connections. */
	CONNECTIONS_WRITE_OWN("connections:write:own"),
	/** Create and manage every member's connections. */
	CONNECTIONS_WRITE_ALL("connections:write"),
	/** Read the toolboxes granted to oneself (role or user). */
	TOOLBOXES_READ_GRANTED("toolboxes:read:granted"), TOOLBOXES_READ("toolboxes:read"),
	TOOLBOXES_WRITE("toolboxes:write"), RESTRICTIONS_READ("restrictions:read"),
	RESTRICTIONS_WRITE("restrictions:write"), CATALOG_READ("catalog:read"), CATALOG_WRITE("catalog:write"),
	AUDIT_READ("audit:read"), ORG_READ("org:read"), ORG_WRITE("org:write"),
	/** See the AI clients one connected (SPEC R14.3). */
	CLIENTS_READ_OWN("clients:read:own"),
	/** See every member's connected AI clients. */
	CLIENTS_READ_ALL("clients:read"),
	/** Revoke the AI clients one connected. */
	CLIENTS_WRITE_OWN("clients:write:own"),
	/** Revoke any member's connected AI clients. */
	CLIENTS_WRITE_ALL("clients:write");

	private final String wireName;

	Permission(String wireName) {
		this.wireName = wireName;
	}

	/** The name used in errors and docs, e.g. {@code tool:execute}. */
	public String wireName() {
		return this.wireName;
	}

	@Override
	public String toString() {
		return this.wireName.toLowerCase(Locale.ROOT);
	}

}
