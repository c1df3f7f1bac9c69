package io.quiver.query.access;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.quiver.command.member.api.Role;

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
import static io.quiver.query.access.Permission.TOOL_EXECUTE;
import static io.quiver.query.access.Permission.CLIENTS_WRITE_ALL;
import static io.quiver.query.access.Permission.CLIENTS_WRITE_OWN;
import static io.quiver.query.access.Permission.CLIENTS_READ_ALL;
import static io.quiver.query.access.Permission.CLIENTS_READ_OWN;

/**
 * The role → permission table (SPEC R2.3, R2.4), the only place it is written down in
 * code; {@code docs/permissions.md} mirrors it and a test keeps the two in step.
 * <ul>
 * <li>OWNER: everything.</li>
 * <li>ADMIN: everything; only an OWNER makes, changes or removes an OWNER, which the
 * Member aggregate decides (R2.4).</li>
 * <li>MEMBER: the MCP endpoint, its own connections, the catalog, the toolboxes granted
 * to it, the organisation's name and settings.</li>
 * <li>AUDITOR: reads members, connections, toolboxes, restrictions and their history, the
 * catalog, the audit trail and the settings; writes nothing; no MCP endpoint.</li>
 * <li>BILLING_ADMIN: reads members and settings; no MCP endpoint.</li>
 * <li>GUEST: nothing.</li>
 * </ul>
 */
public final class RolePermissions {

	private static final Map<Role, Set<Permission>> TABLE;

	static {
		Map<Role, Set<Permission>> table = new EnumMap<>(Role.class);
		table.put(Role.OWNER, EnumSet.allOf(Permission.class));
		table.put(Role.ADMIN, EnumSet.allOf(Permission.class));
		table.put(Role.MEMBER, EnumSet.of(TOOL_EXECUTE, CONNECTIONS_READ_OWN, CONNECTIONS_WRITE_OWN, CATALOG_READ,
				TOOLBOXES_READ_GRANTED, ORG_READ, CLIENTS_READ_OWN, CLIENTS_WRITE_OWN));
		table.put(Role.AUDITOR,
				EnumSet.of(MEMBERS_READ, CONNECTIONS_READ_OWN, CONNECTIONS_READ_ALL, TOOLBOXES_READ,
						TOOLBOXES_READ_GRANTED, RESTRICTIONS_READ, CATALOG_READ, AUDIT_READ, ORG_READ, CLIENTS_READ_OWN,
						CLIENTS_READ_ALL));
		table.put(Role.BILLING_ADMIN, EnumSet.of(MEMBERS_READ, ORG_READ, CLIENTS_READ_OWN, CLIENTS_WRITE_OWN));
		table.put(Role.GUEST, EnumSet.noneOf(Permission.class));
		table.replaceAll((role, permissions) -> Collections.unmodifiableSet(permissions));
		TABLE = Collections.unmodifiableMap(table);
		if (Set
			.of(MEMBERS_WRITE, CONNECTIONS_WRITE_ALL, TOOLBOXES_WRITE, RESTRICTIONS_WRITE, CATALOG_WRITE, ORG_WRITE,
					CLIENTS_WRITE_OWN, CLIENTS_WRITE_ALL)
			.stream()
			.anyMatch(TABLE.get(Role.AUDITOR)::contains)) {
			throw new IllegalStateException("AUDITOR must stay read-only");
		}
	}

	private RolePermissions() {
	}

	public static boolean holds(Role role, Permission permission) {
		return role != null && TABLE.get(role).contains(permission);
	}

	public static Set<Permission> of(Role role) {
		return TABLE.get(role);
	}

}
