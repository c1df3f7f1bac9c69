package io.quiver.query.access;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.quiver.command.catalog.api.Classification;

import static io.quiver.command.catalog.api.Classification.DESTRUCTIVE;
import static io.quiver.command.catalog.api.Classification.READ;
import static io.quiver.command.catalog.api.Classification.WRITE;
import static io.quiver.query.access.Permission.AUDIT_READ;
import static io.quiver.query.access.Permission.CATALOG_READ;
import static io.quiver.query.access.Permission.CATALOG_WRITE;
import static io.quiver.query.access.Permission.CONNECTIONS_READ_ALL;
import static io.quiver.query.access.Permission.CONNECTIONS_READ_OWN;
import static io.quiver.query.access.Permission.CONNECTIONS_WRITE_ALL;
import static io.quiver.query.access.Permission.CONNECTIONS_WRITE_OWN;
import static io.quiver.query.access.Permission.MEMBERS_READ;
import static io.quiver.query.access.Permission.MEMBERS_WRITE;
import static io.quiver.query.access.Permission.ORG_READ;
import static io.quiver.query.access.Permission.ORG_WRITE;
import static io.quiver.query.access.Permission.RESTRICTIONS_READ;
import static io.quiver.query.access.Permission.RESTRICTIONS_WRITE;
import static io.quiver.query.access.Permission.TOOLBOXES_READ;
import static io.quiver.query.access.Permission.TOOLBOXES_READ_GRANTED;
import static io.quiver.query.access.Permission.TOOLBOXES_WRITE;
import static io.quiver.query.access.Permission.CLIENTS_WRITE_ALL;
import static io.quiver.query.access.Permission.CLIENTS_WRITE_OWN;
import static io.quiver.query.access.Permission.CLIENTS_READ_ALL;
import static io.quiver.query.access.Permission.CLIENTS_READ_OWN;

/**
 * Every control-plane operation of SPEC R13, with its classification and the permissions
 * that reach it (any one of them). The MCP tool {@code quiver__{resource}__{operation}}
 * and the REST endpoint of each share one application service; both edges decide access
 * from this table.
 */
public enum ControlPlaneOperation {

	MEMBERS_LIST("members", "list", READ, MEMBERS_READ), MEMBERS_GET("members", "get", READ, MEMBERS_READ),
	MEMBERS_INVITE("members", "invite", WRITE, MEMBERS_WRITE),
	MEMBERS_CHANGE_ROLE("members", "change_role", WRITE, MEMBERS_WRITE),
	MEMBERS_SUSPEND("members", "suspend", WRITE, MEMBERS_WRITE),
	MEMBERS_REINSTATE("members", "reinstate", WRITE, MEMBERS_WRITE),
	MEMBERS_REMOVE("members", "remove", DESTRUCTIVE, MEMBERS_WRITE),

	CONNECTIONS_LIST("connections", "list", READ, CONNECTIONS_READ_OWN, CONNECTIONS_READ_ALL),
	CONNECTIONS_GET("connections", "get", READ, CONNECTIONS_READ_OWN, CONNECTIONS_READ_ALL),
	CONNECTIONS_CREATE("connections", "create", WRITE, CONNECTIONS_WRITE_OWN, CONNECTIONS_WRITE_ALL),
	CONNECTIONS_RELABEL("connections", "relabel", WRITE, CONNECTIONS_WRITE_OWN, CONNECTIONS_WRITE_ALL),
	CONNECTIONS_REFRESH("connections", "refresh", WRITE, CONNECTIONS_WRITE_OWN, CONNECTIONS_WRITE_ALL),
	CONNECTIONS_REVOKE_GRANT("connections", "revoke_grant", WRITE, CONNECTIONS_WRITE_OWN, CONNECTIONS_WRITE_ALL),
	CONNECTIONS_DELETE("connections", "delete", DESTRUCTIVE, CONNECTIONS_WRITE_OWN, CONNECTIONS_WRITE_ALL),

	TOOLBOXES_LIST("toolboxes", "list", READ, TOOLBOXES_READ, TOOLBOXES_READ_GRANTED),
	TOOLBOXES_GET("toolboxes", "get", READ, TOOLBOXES_READ, TOOLBOXES_READ_GRANTED),
	TOOLBOXES_CREATE("toolboxes", "create", WRITE, TOOLBOXES_WRITE),
	TOOLBOXES_ADD_ENTRY("toolboxes", "add_entry", WRITE, TOOLBOXES_WRITE),
	TOOLBOXES_UPDATE_ENTRY("toolboxes", "update_entry", WRITE, TOOLBOXES_WRITE),
	TOOLBOXES_REMOVE_ENTRY("toolboxes", "remove_entry", WRITE, TOOLBOXES_WRITE),
	TOOLBOXES_GRANT("toolboxes", "grant", WRITE, TOOLBOXES_WRITE),
	TOOLBOXES_REVOKE("toolboxes", "revoke", WRITE, TOOLBOXES_WRITE),
	TOOLBOXES_DELETE("toolboxes", "delete", DESTRUCTIVE, TOOLBOXES_WRITE),

	RESTRICTIONS_LIST("restrictions", "list", READ, RESTRICTIONS_READ),
	RESTRICTIONS_GET("restrictions", "get", READ, RESTRICTIONS_READ),
	RESTRICTIONS_CREATE("restrictions", "create", WRITE, RESTRICTIONS_WRITE),
	RESTRICTIONS_UPDATE("restrictions", "update", WRITE, RESTRICTIONS_WRITE),
	RESTRICTIONS_DELETE("restrictions", "delete", DESTRUCTIVE, RESTRICTIONS_WRITE),
	RESTRICTIONS_HISTORY("restrictions", "history", READ, RESTRICTIONS_READ),
	RESTRICTIONS_EFFECTIVE("restrictions", "effective", READ, RESTRICTIONS_READ),
	RESTRICTIONS_EXPLAIN("restrictions", "explain", READ, RESTRICTIONS_READ),

	CATALOG_BROWSE("catalog", "browse", READ, CATALOG_READ), CATALOG_GET("catalog", "get", READ, CATALOG_READ),
	CATALOG_REGISTER("catalog", "register", WRITE, CATALOG_WRITE),
	CATALOG_UNREGISTER("catalog", "unregister", DESTRUCTIVE, CATALOG_WRITE),
	CATALOG_SET_OAUTH_CLIENT("catalog", "set_oauth_client", WRITE, CATALOG_WRITE),

	AUDIT_LIST("audit", "list", READ, AUDIT_READ), AUDIT_VERIFY("audit", "verify", READ, AUDIT_READ),
	AUDIT_CHECKPOINT("audit", "checkpoint", READ, AUDIT_READ), AUDIT_PROVE("audit", "prove", READ, AUDIT_READ),

	ORG_GET("org", "get", READ, ORG_READ), ORG_UPDATE_SETTINGS("org", "update_settings", WRITE, ORG_WRITE),

	CLIENTS_LIST("clients", "list", READ, CLIENTS_READ_OWN, CLIENTS_READ_ALL),
	CLIENTS_REVOKE("clients", "revoke", DESTRUCTIVE, CLIENTS_WRITE_OWN, CLIENTS_WRITE_ALL);

	/** Prefix of every control-plane tool name (SPEC R5.1). */
	public static final String PREFIX = "quiver__";

	private static final Map<String, ControlPlaneOperation> BY_TOOL_NAME = Arrays.stream(values())
		.collect(Collectors.toUnmodifiableMap(ControlPlaneOperation::toolName, Function.identity()));

	private final String resource;

	private final String operation;

	private final Classification classification;

	private final Set<Permission> permissions;

	ControlPlaneOperation(String resource, String operation, Classification classification, Permission first,
			Permission... more) {
		this.resource = resource;
		this.operation = operation;
		this.classification = classification;
		this.permissions = EnumSet.of(first, more);
	}

	/** The MCP tool name, {@code quiver__{resource}__{operation}}. */
	public String toolName() {
		return PREFIX + this.resource + "__" + this.operation;
	}

	public String resource() {
		return this.resource;
	}

	public String operation() {
		return this.operation;
	}

	public Classification classification() {
		return this.classification;
	}

	/** Holding any one of these reaches the operation. */
	public Set<Permission> permissions() {
		return this.permissions;
	}

	/** The operation behind a tool name, or null. */
	public static ControlPlaneOperation ofToolName(String toolName) {
		return BY_TOOL_NAME.get(toolName);
	}

	/** Human-readable name of the permission needed, for errors. */
	public String permissionNames() {
		return this.permissions.stream()
			.map(Permission::wireName)
			.sorted()
			.collect(Collectors.joining(" or "))
			.toLowerCase(Locale.ROOT);
	}

}
