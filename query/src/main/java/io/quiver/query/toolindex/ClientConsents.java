package io.quiver.query.toolindex;

import java.util.HashMap;
import java.util.Map;

import io.quiver.command.client.api.ConsentGrantedEvent;
import io.quiver.command.client.api.ConsentRevokedEvent;
import io.quiver.query.toolindex.api.ConsentView;

/**
 * The fold of one organisation's consents to clients (SPEC R14.3): which consents exist
 * and whether they were revoked, so that every request checks its token's consent against
 * the live state (R9).
 */
final class ClientConsents {

	private final Map<String, ConsentView> consents = new HashMap<>();

	void on(ConsentGrantedEvent event) {
		this.consents.put(event.consentId(), new ConsentView(event.consentId(), event.memberId(), event.clientId(),
				java.util.Set.copyOf(event.scopes()), false));
	}

	void on(ConsentRevokedEvent event) {
		this.consents.computeIfPresent(event.consentId(),
				(id, c) -> new ConsentView(c.consentId(), c.memberId(), c.clientId(), c.scopes(), true));
	}

	ConsentView consent(String consentId) {
		return this.consents.get(consentId);
	}

}
