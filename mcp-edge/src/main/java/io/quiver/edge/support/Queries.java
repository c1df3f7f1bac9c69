package io.quiver.edge.support;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.quiver.command.shared.api.CommandRejectedException;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/**
 * Asks the read models through Axon's query bus. A query handler's refusal comes back as
 * the {@link CommandRejectedException} it threw, so that the edges map it like a refused
 * command.
 */
@Component
public class Queries {

	private final QueryGateway gateway;

	public Queries(QueryGateway gateway) {
		this.gateway = gateway;
	}

	public <T> T one(Object query, Class<T> type) {
		return await(this.gateway.query(query, ResponseTypes.instanceOf(type)));
	}

	public <T> List<T> list(Object query, Class<T> type) {
		return await(this.gateway.query(query, ResponseTypes.multipleInstancesOf(type)));
	}

	private static <T> T await(CompletableFuture<T> answer) {
		try {
			return answer.join();
		}
		catch (CompletionException ex) {
			for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
				if (cause instanceof CommandRejectedException rejected) {
					throw rejected;
				}
			}
			throw ex;
		}
	}

}
