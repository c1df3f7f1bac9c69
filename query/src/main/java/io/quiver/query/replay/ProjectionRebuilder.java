package io.quiver.query.replay;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.quiver.query.support.BatchingJdbcTemplate;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.springframework.dao.DataAccessException;
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
 * <p>
 * Several projections ({@link #rebuildAll}) are rebuilt in one read of the store: each
 * batch read is applied to every projection at once, each projection on a thread and in a
 * transaction of its own (projections share no table), and the next batch is applied once
 * all have applied this one, so each projection still sees the events in store order.
 * Events are deserialised once, by the reading thread, for all of them. (Reading the next
 * batch while this one is applied was tried: on 2 cores, busy with the projections and
 * PostgreSQL, it changed nothing measurable.)
 * <p>
 * Within a batch each projection's writes are held and sent as JDBC batches when its
 * handlers have seen every event of it ({@link BatchingJdbcTemplate#batched}): a round
 * trip per run of equal statements instead of one per event. A failure names the batch's
 * first and last event, since the statement that fails is sent after the handler that
 * made it.
 */
@Component
public class ProjectionRebuilder {

	static final int BATCH = 500;

	/**
	 * Projections applied at once: the four that apply most events of a store (members,
	 * restrictions, their history, the trail) each on a thread of its own.
	 */
	static final int THREADS = 4;

	/** The processing groups that are read models and may be rebuilt. */
	public static final List<String> PROJECTIONS = List.of("member-directory", "connection-directory",
			"toolbox-directory", "restriction-directory", "restriction-history", "catalog", "control-plane-trail",
			"client-directory");

	private final EventProcessingConfiguration processing;

	private final EventStorageEngine storage;

	private final TransactionTemplate transactions;

	private final BatchingJdbcTemplate jdbc;

	public ProjectionRebuilder(EventProcessingConfiguration processing, EventStorageEngine storage,
			PlatformTransactionManager transactionManager, BatchingJdbcTemplate jdbc) {
		this.processing = processing;
		this.storage = storage;
		this.transactions = new TransactionTemplate(transactionManager);
		this.jdbc = jdbc;
	}

	/**
	 * Rebuilds one projection.
	 * @param progress told after every batch and at the end
	 * @throws IllegalArgumentException for a name that is not a projection
	 */
	public Progress rebuild(String projection, Consumer<Progress> progress) {
		return rebuildAll(List.of(projection), progress).get(0);
	}

	/**
	 * Rebuilds projections in one read of the store, in parallel.
	 * @param progress told after every batch and at the end, for each projection
	 * @return where each projection ended, in the order given
	 * @throws IllegalArgumentException for a name that is not a projection
	 */
	public List<Progress> rebuildAll(List<String> projections, Consumer<Progress> progress) {
		Map<String, EventHandlerInvoker> invokers = new LinkedHashMap<>();
		for (String projection : projections) {
			invokers.put(projection, invoker(projection));
		}
		long started = System.nanoTime();
		Map<String, long[]> counts = new LinkedHashMap<>();
		ExecutorService workers = Executors.newFixedThreadPool(Math.min(invokers.size(), THREADS), (task) -> {
			Thread thread = new Thread(task, "rebuild");
			thread.setDaemon(true);
			return thread;
		});
		try {
			invokers.forEach((projection, invoker) -> {
				this.transactions.executeWithoutResult((status) -> invoker.performReset());
				counts.put(projection, new long[3]);
			});
			List<TrackedEventMessage<?>> batch = new ArrayList<>(BATCH);
			try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(null, false)) {
				for (Iterator<? extends TrackedEventMessage<?>> it = events.iterator(); it.hasNext();) {
					TrackedEventMessage<?> event = it.next();
					// once, here, rather than by each worker at once
					event.getPayload();
					event.getMetaData();
					batch.add(event);
					if (batch.size() == BATCH) {
						applyAll(workers, invokers, batch, counts);
						counts.forEach((projection, count) -> progress.accept(new Progress(projection, count[0],
								count[1], elapsed(started), count[2] / 1_000_000, false)));
						batch = new ArrayList<>(BATCH);
					}
				}
			}
			applyAll(workers, invokers, batch, counts);
		}
		finally {
			workers.shutdownNow();
		}
		List<Progress> done = new ArrayList<>();
		counts.forEach((projection, count) -> {
			Progress end = new Progress(projection, count[0], count[1], elapsed(started), count[2] / 1_000_000, true);
			progress.accept(end);
			done.add(end);
		});
		return done;
	}

	private EventHandlerInvoker invoker(String projection) {
		if (!PROJECTIONS.contains(projection)) {
			throw new IllegalArgumentException(
					"'" + projection + "' is not a projection; choose one of " + String.join(", ", PROJECTIONS));
		}
		return this.processing.eventProcessor(projection, AbstractEventProcessor.class)
			.map(AbstractEventProcessor::eventHandlerInvoker)
			.orElseThrow(() -> new IllegalStateException("no processor for projection '" + projection + "'"));
	}

	/** Applies one batch to every projection, each on a worker; returns when all have. */
	private void applyAll(ExecutorService workers, Map<String, EventHandlerInvoker> invokers,
			List<TrackedEventMessage<?>> batch, Map<String, long[]> counts) {
		if (batch.isEmpty()) {
			return;
		}
		List<Future<?>> applying = new ArrayList<>();
		invokers.forEach((projection, invoker) -> applying
			.add(workers.submit(() -> apply(invoker, batch, counts.get(projection)))));
		for (Future<?> future : applying) {
			try {
				future.get();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("rebuild interrupted", ex);
			}
			catch (ExecutionException ex) {
				throw (ex.getCause() instanceof RuntimeException runtime) ? runtime
						: new IllegalStateException(ex.getCause());
			}
		}
	}

	private void apply(EventHandlerInvoker invoker, List<TrackedEventMessage<?>> batch, long[] counts) {
		long started = System.nanoTime();
		this.transactions.executeWithoutResult((status) -> {
			try {
				this.jdbc.batched(() -> handleAll(invoker, batch, counts));
			}
			catch (DataAccessException ex) {
				throw new IllegalStateException("rebuilding failed writing the events from " + describe(batch.get(0))
						+ " to " + describe(batch.get(batch.size() - 1)), ex);
			}
		});
		counts[2] += System.nanoTime() - started;
	}

	private static void handleAll(EventHandlerInvoker invoker, List<TrackedEventMessage<?>> batch, long[] counts) {
		for (EventMessage<?> event : batch) {
			counts[0]++;
			if (invoker.canHandle(event, Segment.ROOT_SEGMENT)) {
				ResultMessage<?> result = DefaultUnitOfWork.startAndGet(event).executeWithResult(() -> {
					invoker.handle(event, Segment.ROOT_SEGMENT);
					return null;
				});
				if (result.isExceptional()) {
					throw new IllegalStateException("rebuilding failed at event " + describe(event),
							result.exceptionResult());
				}
				counts[1]++;
			}
		}
	}

	private static String describe(EventMessage<?> event) {
		return event.getIdentifier() + " (" + event.getPayloadType().getSimpleName() + ")";
	}

	private static long elapsed(long started) {
		return (System.nanoTime() - started) / 1_000_000;
	}

	/**
	 * Where a rebuild is: events read, events the projection handled, milliseconds since
	 * the rebuild began, milliseconds this projection spent applying its batches (its
	 * handlers, its writes and its commits: the projection that is busiest bounds a
	 * rebuild of several), done or not.
	 */
	public record Progress(String projection, long eventsRead, long eventsApplied, long millis, long busyMillis,
			boolean done) {

		/** Events per second so far. */
		public long rate() {
			return (this.millis == 0) ? this.eventsRead : this.eventsRead * 1000 / this.millis;
		}

	}

}
