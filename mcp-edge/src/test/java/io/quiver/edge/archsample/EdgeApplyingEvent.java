package io.quiver.edge.archsample;

import org.axonframework.modelling.command.AggregateLifecycle;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the edge applying an event itself.
 */
public class EdgeApplyingEvent {

	public void apply(Object event) {
		AggregateLifecycle.apply(event);
	}

}
