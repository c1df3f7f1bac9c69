package io.quiver.edge.mcp;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * One server-sent event stream of {@code /mcp}: a call's response stream, a legacy GET
 * stream or a {@code subscriptions/listen} stream. Served asynchronously (no request
 * thread is held while it is open). Sends are serialised; the first failed write, or the
 * client going away, closes it and runs the close actions once.
 */
final class SseChannel {

	private final SseEmitter emitter = new SseEmitter(0L);

	private final List<Runnable> closeActions = new CopyOnWriteArrayList<>();

	private boolean open = true;

	private long events;

	SseChannel() {
		this.emitter.onCompletion(this::closed);
		this.emitter.onTimeout(this::closed);
		this.emitter.onError((error) -> closed());
	}

	/** The HTTP answer that starts the stream. */
	ResponseEntity<SseEmitter> response() {
		return ResponseEntity.ok()
			.contentType(MediaType.TEXT_EVENT_STREAM)
			.header(HttpHeaders.CACHE_CONTROL, "no-cache, no-store")
			.header("X-Accel-Buffering", "no")
			.body(this.emitter);
	}

	/** Sends one JSON-RPC message as an event; false when the stream is closed. */
	synchronized boolean send(JsonNode message) {
		return write(SseEmitter.event().id(Long.toString(this.events + 1)).data(message.toString()), true);
	}

	/** An empty event with an id (the priming event of 2025-11-25). */
	synchronized boolean prime() {
		return write(SseEmitter.event().id(Long.toString(this.events + 1)).data(""), true);
	}

	/** A comment line, as a heartbeat; false when the stream is closed. */
	synchronized boolean heartbeat() {
		return write(SseEmitter.event().comment(""), false);
	}

	private boolean write(SseEmitter.SseEventBuilder event, boolean counted) {
		if (!this.open) {
			return false;
		}
		try {
			this.emitter.send(event);
			if (counted) {
				this.events++;
			}
			return true;
		}
		catch (IOException | IllegalStateException ex) {
			failed();
			return false;
		}
	}

	/** Ends the stream normally (after its last message). */
	void close() {
		synchronized (this) {
			if (!this.open) {
				return;
			}
		}
		this.emitter.complete();
		closed();
	}

	synchronized boolean isOpen() {
		return this.open;
	}

	/** Runs once the stream is closed, whoever closed it; at once if it already is. */
	void onClose(Runnable action) {
		boolean run;
		synchronized (this) {
			run = !this.open;
			if (!run) {
				this.closeActions.add(action);
			}
		}
		if (run) {
			action.run();
		}
	}

	private void failed() {
		try {
			this.emitter.complete();
		}
		catch (RuntimeException ex) {
			// the connection is gone already
		}
		this.open = false;
		runCloseActions();
	}

	private void closed() {
		synchronized (this) {
			if (!this.open && this.closeActions.isEmpty()) {
				return;
			}
			this.open = false;
		}
		runCloseActions();
	}

	private void runCloseActions() {
		List<Runnable> actions = List.copyOf(this.closeActions);
		this.closeActions.clear();
		actions.forEach(Runnable::run);
	}

}
