package io.quiver.edge.client;

import java.time.Instant;
import java.util.Map;

/**
 * When each connected client of an organisation last got a token, by consent id: kept by
 * the authorization server's store (absent when the embedded server is off).
 */
public interface ClientActivity {

	Map<String, Instant> lastUsed(String orgId);

}
