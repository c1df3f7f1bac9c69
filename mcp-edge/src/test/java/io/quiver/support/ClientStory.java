package io.quiver.support;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.quiver.command.client.api.ConsentRevocation;
import io.quiver.command.client.api.GrantConsentCommand;
import io.quiver.command.client.api.RevokeConsentCommand;
import io.quiver.command.shared.api.Actor;
import io.quiver.edge.support.Commands;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The events of the authorization server's clients in a history that projections replay:
 * a dynamic registration over HTTP, then a consent of a member to it and its revocation
 * (the consent page and a revocation, as commands).
 */
public final class ClientStory {

	private ClientStory() {
	}

	public static void tell(String baseUrl, Commands commands, String orgId, String memberId) {
		Rest.Response registered = new Rest(baseUrl, null).post("/register",
				Map.of("client_name", "story client", "redirect_uris", List.of("http://127.0.0.1/callback")));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		String clientId = registered.json().path("client_id").asText();
		String consent = "consent-" + UUID.randomUUID();
		commands.sendAs(Actor.SYSTEM, new GrantConsentCommand(consent, orgId, memberId, clientId, "story client",
				List.of("mcp:read"), "127.0.0.1"));
		commands.sendAs(Actor.SYSTEM, new RevokeConsentCommand(consent, orgId, ConsentRevocation.BY_MEMBER));
	}

}
