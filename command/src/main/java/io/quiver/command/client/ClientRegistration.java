package io.quiver.command.client;

import io.quiver.command.client.api.ClientErrorCode;
import io.quiver.command.client.api.ClientNames;
import io.quiver.command.client.api.ClientRegisteredEvent;
import io.quiver.command.client.api.RedirectUris;
import io.quiver.command.client.api.RegisterClientCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A client of the authorization server, registered once for the whole deployment (SPEC
 * R14.1: a client registers before any organisation is known).
 * <p>
 * Invariants (R14.2): at least one and at most {@value RedirectUris#MAX_COUNT} redirect
 * URIs, each loopback {@code http} or {@code https}; a display name of at most
 * {@value ClientNames#MAX_LENGTH} characters, without control or invisible formatting
 * characters ({@link ClientNames}).
 */
@Aggregate
public class ClientRegistration {

	@AggregateIdentifier
	private String clientId;

	protected ClientRegistration() {
	}

	@CommandHandler
	public ClientRegistration(RegisterClientCommand command) {
		if (command.clientId() == null || command.clientId().isBlank() || command.clientId().length() > 2000
				|| command.kind() == null) {
			throw new CommandRejectedException(ClientErrorCode.INVALID_CLIENT_METADATA,
					"a client needs an id of at most 2000 characters and a kind");
		}
		String problem = RedirectUris.problem(command.redirectUris());
		if (problem != null) {
			throw new CommandRejectedException(ClientErrorCode.INVALID_REDIRECT_URI, problem);
		}
		String name = (command.clientName() != null) ? command.clientName().strip() : "";
		String nameProblem = ClientNames.problem(name);
		if (nameProblem != null) {
			throw new CommandRejectedException(ClientErrorCode.INVALID_CLIENT_METADATA, nameProblem);
		}
		if (command.clientUri() != null && command.clientUri().length() > 2000) {
			throw new CommandRejectedException(ClientErrorCode.INVALID_CLIENT_METADATA,
					"client_uri is longer than 2000 characters");
		}
		apply(new ClientRegisteredEvent(command.clientId(), command.kind(), name, command.redirectUris(),
				command.clientUri()));
	}

	@EventSourcingHandler
	void on(ClientRegisteredEvent event) {
		this.clientId = event.clientId();
	}

}
