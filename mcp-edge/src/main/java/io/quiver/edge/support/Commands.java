package io.quiver.edge.support;

import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.query.access.Caller;
import io.quiver.query.support.DatabaseFailures;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.axonframework.messaging.MetaData;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.stereotype.Component;

/**
 * Sends commands on behalf of a caller: the actor travels as metadata onto the events
 * (SPEC R10.3), and the framework's failures become refusals an edge can map (not found,
 * concurrent modification). A command that returned is in effect for the next request on
 * every node (R9): projections and lookup tables are written in its transaction.
 */
@Component
public class Commands {

	private final CommandGateway gateway;

	public Commands(CommandGateway gateway) {
		this.gateway = gateway;
	}

	public void send(Caller caller, Object command) {
		sendAs(new Actor(caller.memberId(), caller.subject(), caller.via(), caller.role().name()), command);
	}

	public void sendAs(Actor actor, Object command) {
		try {
			this.gateway.sendAndWait(
					GenericCommandMessage.asCommandMessage(command).withMetaData(MetaData.from(actor.asMetaData())));
		}
		catch (RuntimeException ex) {
			throw translate(ex);
		}
	}

	/**
	 * The refusal a failure stands for: the domain's own (however deep the framework
	 * wrapped it), not found, a concurrent change, or a value the database cannot store
	 * (a last line behind the commands' own checks, so that it is a 400 and never a 500);
	 * anything else as it is.
	 */
	private static RuntimeException translate(RuntimeException ex) {
		if (ex instanceof AggregateNotFoundException notFound) {
			return new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"nothing with id '" + notFound.getAggregateIdentifier() + "' exists in this organisation");
		}
		if (ex instanceof ConcurrencyException) {
			return new CommandRejectedException(CommonErrorCode.CONCURRENT_MODIFICATION,
					"another change to the same thing happened at the same time; retry");
		}
		if (ex instanceof CommandExecutionException || ex instanceof EventStoreException) {
			for (Throwable t = ex; t != null; t = t.getCause()) {
				if (t instanceof CommandRejectedException rejected) {
					return rejected;
				}
			}
		}
		if (DatabaseFailures.unstorable(ex)) {
			return new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"a value is too long or holds a character that cannot be stored; shorten it or send plain text");
		}
		return ex;
	}

}
