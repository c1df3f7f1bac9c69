package io.quiver.command.client.api;

import java.util.List;

/**
 * A client became known to the authorization server: registered dynamically, or first
 * seen by its metadata document. Belongs to the deployment, not to an organisation (SPEC
 * R14.1): a client registers before any organisation is known.
 *
 * @param clientId the client id (issued, or the document's URL)
 * @param kind how it registered
 * @param clientName its display name as it gave it (bounded, may be empty)
 * @param redirectUris its redirect URIs (loopback or https)
 * @param clientUri its home page, or null
 */
public record ClientRegisteredEvent(String clientId, ClientKind kind, String clientName, List<String> redirectUris,
		String clientUri) {

	public ClientRegisteredEvent {
		redirectUris = List.copyOf(redirectUris);
	}

}
