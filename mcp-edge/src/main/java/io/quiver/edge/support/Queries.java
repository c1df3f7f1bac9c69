package io.quiver.edge.support;

import java.util.List;

import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/**
 * Asks the read models through Axon's query bus.
 */
@Component
public class Queries {

	private final QueryGateway gateway;

	public Queries(QueryGateway gateway) {
		this.gateway = gateway;
	}

	public <T> T one(Object query, Class<T> type) {
		return this.gateway.query(query, ResponseTypes.instanceOf(type)).join();
	}

	public <T> List<T> list(Object query, Class<T> type) {
		return this.gateway.query(query, ResponseTypes.multipleInstancesOf(type)).join();
	}

}
