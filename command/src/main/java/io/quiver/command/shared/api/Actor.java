package io.quiver.command.shared.api;

import java.util.HashMap;
import java.util.Map;

/**
 * Who issued a command, carried as message metadata from the command to the events it
 * produced (SPEC R10.3: control-plane changes are audited by their events: who, what,
 * when).
 *
 * @param memberId the acting member, or null for the system (bootstrap)
 * @param subject the acting subject
 * @param via the edge it came through: {@code mcp}, {@code rest}, {@code console} or
 * {@code system}
 * @param role the acting member's role as of the command ({@code OWNER} for the system,
 * which bootstraps the first owner); aggregates read it to decide rules about who may
 * act, and it is not copied onto events
 */
public record Actor(String memberId, String subject, String via, String role) {

	public static final String MEMBER_KEY = "actorMember";

	public static final String SUBJECT_KEY = "actorSubject";

	public static final String VIA_KEY = "via";

	public static final String ROLE_KEY = "actorRole";

	public static final Actor SYSTEM = new Actor(null, "system", "system", "OWNER");

	/** The metadata entries that carry this actor. */
	public Map<String, String> asMetaData() {
		Map<String, String> entries = new HashMap<>();
		if (this.memberId != null) {
			entries.put(MEMBER_KEY, this.memberId);
		}
		entries.put(SUBJECT_KEY, this.subject);
		entries.put(VIA_KEY, this.via);
		if (this.role != null) {
			entries.put(ROLE_KEY, this.role);
		}
		return Map.copyOf(entries);
	}

}
