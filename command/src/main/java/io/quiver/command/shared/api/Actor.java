package io.quiver.command.shared.api;

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
 */
public record Actor(String memberId, String subject, String via) {

	public static final String MEMBER_KEY = "actorMember";

	public static final String SUBJECT_KEY = "actorSubject";

	public static final String VIA_KEY = "via";

	public static final Actor SYSTEM = new Actor(null, "system", "system");

	/** The metadata entries that carry this actor. */
	public Map<String, String> asMetaData() {
		return (this.memberId != null) ? Map.of(MEMBER_KEY, this.memberId, SUBJECT_KEY, this.subject, VIA_KEY, this.via)
				: Map.of(SUBJECT_KEY, this.subject, VIA_KEY, this.via);
	}

}
