package io.quiver.command.client;

import java.util.TreeSet;

import io.quiver.command.client.api.ClientErrorCode;
import io.quiver.command.client.api.ConsentGrantedEvent;
import io.quiver.command.client.api.ConsentRevokedEvent;
import io.quiver.command.client.api.GrantConsentCommand;
import io.quiver.command.client.api.RevokeConsentCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A member's consent to one client, given on the consent page for one authorization: the
 * family of every token issued from it (SPEC R14.3, R14.5).
 * <p>
 * Invariants: it names an organisation, a member, a client and at least one scope; once
 * revoked it stays revoked (revoking again changes nothing); a command naming another
 * organisation finds no consent (R1.4).
 */
@Aggregate
public class ClientConsent {

	@AggregateIdentifier
	private String consentId;

	private String orgId;

	private String memberId;

	private String clientId;

	private boolean revoked;

	protected ClientConsent() {
	}

	@CommandHandler
	public ClientConsent(GrantConsentCommand command) {
		if (command.orgId() == null || command.memberId() == null || command.clientId() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"a consent names an organisation, a member and a client");
		}
		if (command.scopes() == null || command.scopes().isEmpty()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "a consent grants at least one scope");
		}
		apply(new ConsentGrantedEvent(command.orgId(), command.consentId(), command.memberId(), command.clientId(),
				(command.clientName() != null) ? command.clientName() : "",
				new TreeSet<>(command.scopes()).stream().toList(), command.redirectHost()));
	}

	@CommandHandler
	void handle(RevokeConsentCommand command) {
		if (!this.orgId.equals(command.orgId())) {
			throw new CommandRejectedException(ClientErrorCode.CONSENT_NOT_FOUND,
					"no connected client '" + command.consentId() + "' in this organisation");
		}
		if (!this.revoked) {
			apply(new ConsentRevokedEvent(this.orgId, this.consentId, this.memberId, this.clientId, command.reason()));
		}
	}

	@EventSourcingHandler
	void on(ConsentGrantedEvent event) {
		this.consentId = event.consentId();
		this.orgId = event.orgId();
		this.memberId = event.memberId();
		this.clientId = event.clientId();
	}

	@EventSourcingHandler
	void on(ConsentRevokedEvent event) {
		this.revoked = true;
	}

}
