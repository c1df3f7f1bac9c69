package io.quiver.query.client.api;

import java.util.List;

/**
 * A client as registered (deployment-wide).
 *
 * @param clientId the client id
 * @param kind {@code DYNAMIC} or {@code METADATA_DOCUMENT}
 * @param clientName its display name (may be empty)
 * @param redirectUris its registered redirect URIs
 * @param clientUri its home page, or null
 * @param registeredAt when it registered (ISO-8601)
 */
public record RegisteredClientView(String clientId, String kind, String clientName, List<String> redirectUris,
		String clientUri, String registeredAt) {
}
