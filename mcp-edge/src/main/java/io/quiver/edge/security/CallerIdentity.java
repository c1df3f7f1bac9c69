package io.quiver.edge.security;

import java.util.Set;

import io.quiver.query.access.Scope;

/**
 * What a validated token says about its bearer: organisation, subject and scopes (SPEC
 * R2.1). Whether the subject is a member, and with which role, is looked up per request.
 */
public record CallerIdentity(String orgId, String subject, Set<Scope> scopes) {
}
