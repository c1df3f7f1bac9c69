package io.quiver.query.member.api;

/**
 * Every member of an organisation, removed ones included.
 */
public record FindMembersQuery(String orgId) {
}
