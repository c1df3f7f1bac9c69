package io.quiver.query.member.api;

/**
 * One member of an organisation, by member id or subject.
 */
public record FindMemberQuery(String orgId, String member) {
}
