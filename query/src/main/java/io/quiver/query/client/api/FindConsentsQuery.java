package io.quiver.query.client.api;

/**
 * The consents of an organisation, of one member when {@code memberId} is given, newest
 * first; revoked ones only when {@code includeRevoked}.
 */
public record FindConsentsQuery(String orgId, String memberId, boolean includeRevoked) {
}
