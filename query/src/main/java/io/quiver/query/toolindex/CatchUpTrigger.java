package io.quiver.query.toolindex;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.quiver.query.toolindex.api.PolicyStore;
import org.axonframework.eventhandling.EventBus;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * Catches this node's policy state up without waiting for a request (SPEC R12.6), so that
 * open notification streams learn of a change as soon as it is committed: once after
 * every local commit that published events (subscribed to the event bus, run after the
 * unit of work commits), and whenever {@link EventNotifications} hears that another node
 * committed some. Requests for a catch-up while one is pending coalesce into it.
 */
@Component
class CatchUpTrigger implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(CatchUpTrigger.class);

	private final PolicyStore store;

	private final ExecutorService executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
			new LinkedBlockingQueue<>(), (runnable) -> {
				Thread thread = new Thread(runnable, "quiver-catch-up");
				thread.setDaemon(true);
				return thread;
			});

	private final AtomicBoolean pending = new AtomicBoolean();

	CatchUpTrigger(@Lazy PolicyStore store, EventBus eventBus) {
		this.store = store;
		eventBus.subscribe((events) -> {
			if (CurrentUnitOfWork.isStarted()) {
				CurrentUnitOfWork.get().afterCommit((unitOfWork) -> request());
			}
			else {
				request();
			}
		});
	}

	/** Asks for a catch-up soon, on the trigger's own thread. */
	void request() {
		if (this.pending.compareAndSet(false, true)) {
			this.executor.execute(() -> {
				this.pending.set(false);
				try {
					this.store.catchUp();
				}
				catch (RuntimeException ex) {
					log.warn("Background catch-up of the policy state failed ({}); the next request retries it",
							ex.getClass().getName());
				}
			});
		}
	}

	@Override
	public void destroy() {
		this.executor.shutdownNow();
	}

}
