package io.quiver.edge.console;

import java.io.Serializable;

/**
 * Who signed in to the console: a subject of an organisation, as the identity provider
 * (or the development sign-in) named them. Whether the subject is a member, and with
 * which role, is looked up on every request.
 *
 * @param orgId the organisation
 * @param subject the subject ({@code sub})
 * @param method how they signed in: {@code oidc} or {@code development}
 */
public record ConsolePrincipal(String orgId, String subject, String method) implements Serializable {

	/**
	 * The prefix of the OAuth2 client registration of an organisation's own identity
	 * provider: {@code org-{orgId}} (SPEC R14.4).
	 */
	public static final String ORGANIZATION_REGISTRATION = "org-";

	@Override
	public String toString() {
		return this.subject + "@" + this.orgId;
	}

}
