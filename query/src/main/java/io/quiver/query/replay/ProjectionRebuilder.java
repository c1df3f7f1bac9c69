package io.quiver.query.replay;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Rebuilds a projection from the event store: its {@code @ResetHandler} clears its
 * tables, then every event of the store is fed through its handlers, in store order, in
 * transactions of {@value #BATCH} events, reporting progress. Projections are idempotent
 * (by sequence number or event id), so a rebuild may run while the node serves: events
 * committed meanwhile are applied by the live processor and again, harmlessly, by the
 * rebuild, which reads to the end of the store. Command-side lookup tables are not
 * projections and are not offered.
 */
@Component
public class ProjectionRebuilder {

	static final int BATCH = 500;

	/** The processing groups that are read models and may be rebuilt. */
	public static final List<String> PROJECTIONS = List.of("member-directory", "connection-directory",
			"toolbox-directory", "restriction-directory", "restriction-history", "catalog", "control-plane-trail",
			"client-directory");

	private final EventProcessingConfiguration processing;

	private final EventStorageEngine storage;

	private final TransactionTemplate transactions;

	public ProjectionRebuilder(EventProcessingConfiguration processing, EventStorageEngine storage,
			PlatformTransactionManager transactionManager) {
		this.processing = processing;
		this.storage = storage;
		this.transactions = new TransactionTemplate(transactionManager);
	}

	/**
	 * Rebuilds one projection.
	 * @param progress told after every batch and at the end
	 * @throws IllegalArgumentException for a name that is not a projection
	 */
	public Progress rebuild(String projection, Consumer<Progress> progress) {
		if (!PROJECTIONS.contains(projection)) {
			throw new IllegalArgumentException(
					"'" + projection + "' is not a projection; choose one of " + String.join(", ", PROJECTIONS));
		}
		EventHandlerInvoker invoker = this.processing.eventProcessor(projection, AbstractEventProcessor.class)
			.map(AbstractEventProcessor::eventHandlerInvoker)
			.orElseThrow(() -> new IllegalStateException("no processor for projection '" + projection + "'"));
		long started = System.nanoTime();
		this.transactions.executeWithoutResult((status) -> invoker.performReset());
		long[] counts = new long[2];
		List<TrackedEventMessage<?>> batch = new ArrayList<>(BATCH);
		try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(null, false)) {
			for (Iterator<? extends TrackedEventMessage<?>> it = events.iterator(); it.hasNext();) {
				batch.add(it.next());
				if (batch.size() == BATCH) {
					apply(invoker, batch, counts);
					progress.accept(new Progress(projection, counts[0], counts[1], elapsed(started), false));
				}
			}
		}
		apply(invoker, batch, counts);
		Progress done = new Progress(projection, counts[0], counts[1], elapsed(started), true);
		progress.accept(done);
		return done;
	}

	private void apply(EventHandlerInvoker invoker, List<TrackedEventMessage<?>> batch, long[] counts) {
		if (batch.isEmpty()) {
			return;
		}
		this.transactions.executeWithoutResult((status) -> {
			for (EventMessage<?> event : batch) {
				counts[0]++;
				if (invoker.canHandle(event, Segment.ROOT_SEGMENT)) {
					ResultMessage<?> result = DefaultUnitOfWork.startAndGet(event).executeWithResult(() -> {
						invoker.handle(event, Segment.ROOT_SEGMENT);
						return null;
					});
					if (result.isExceptional()) {
						throw new IllegalStateException("rebuilding failed at event " + event.getIdentifier() + " ("
								+ event.getPayloadType().getSimpleName() + ")", result.exceptionResult());
					}
					counts[1]++;
				}
			}
		});
		batch.clear();
	}

	private static long elapsed(long started) {
		return (System.nanoTime() - started) / 1_000_000;
	}

	/**
	 * Where a rebuild is: events read, events the projection handled, milliseconds, done
	 * or not.
	 */
	public record Progress(String projection, long eventsRead, long eventsApplied, long millis, boolean done) {

		/** Events per second so far. */
		public long rate() {
			return (this.millis == 0) ? this.eventsRead : this.eventsRead * 1000 / this.millis;
		}

	}

}
