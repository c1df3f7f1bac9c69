package io.quiver.edge.mcp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.edge.upstream.CallRelay.RelayRefused;

/**
 * A 2026-07-28 {@code tools/call} answered in rounds (multi round-trip requests,
 * SEP-2322): when the upstream asks for sampling or elicitation while the call runs, the
 * round in progress is answered with an {@code input_required} result carrying the
 * upstream's request, and the call waits; the caller's retry, with the
 * {@code requestState} of that round and its answer in {@code inputResponses}, hands the
 * answer to the upstream and is itself answered with what comes next (the result, or the
 * next question). One question at a time; each round is one HTTP request.
 */
final class RoundTrip {

	/** The {@code resultType} of a round that asks a question. */
	static final String INPUT_REQUIRED = "input_required";

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private final CallerIdentity identity;

	private final String tool;

	private final JsonNode arguments;

	private CompletableFuture<ObjectNode> round = new CompletableFuture<>();

	private int asked;

	private boolean finished;

	/** The question waiting for the caller, or null. */
	private Question question;

	/**
	 * @param identity who calls
	 * @param tool the name the call was made with
	 * @param arguments its arguments (a retry must repeat both)
	 */
	RoundTrip(CallerIdentity identity, String tool, JsonNode arguments) {
		this.identity = identity;
		this.tool = tool;
		this.arguments = (arguments != null) ? arguments : JSON.objectNode();
	}

	/** Whether a retry continues this call: the same caller, tool and arguments. */
	boolean continuedBy(CallerIdentity caller, String name, JsonNode args) {
		return this.identity.equals(caller) && this.tool.equals(name)
				&& this.arguments.equals((args != null) ? args : JSON.objectNode());
	}

	/** What answers the round in progress: a final result, or a question. */
	synchronized CompletableFuture<ObjectNode> current() {
		return this.round;
	}

	/**
	 * Asks the caller through the round in progress and waits for the retry that answers
	 * (on the call's thread).
	 * @return the caller's result for the request (a {@code CreateMessageResult} or an
	 * {@code ElicitResult})
	 * @throws RelayRefused when the caller did not answer in time or answered no object
	 */
	JsonNode ask(String method, JsonNode params, long timeoutSeconds) {
		Question asking;
		synchronized (this) {
			if (this.question != null) {
				throw new RelayRefused(
						"Quiver asks its caller one question at a time; '" + method + "' came while another was open");
			}
			asking = new Question("input-" + (++this.asked), method, params, new CompletableFuture<>());
			this.question = asking;
			this.round.complete(asking.inputRequired());
		}
		try {
			return asking.answer().get(timeoutSeconds, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RelayRefused("interrupted while waiting for the caller");
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new RelayRefused("the caller did not retry with an answer to '" + method + "'");
		}
		finally {
			synchronized (this) {
				this.question = null;
			}
		}
	}

	/** The call ended: its result answers the round in progress. */
	synchronized void finish(ObjectNode result) {
		this.finished = true;
		this.round.complete(result);
	}

	/** Whether the call ended (no retry can continue it). */
	synchronized boolean finished() {
		return this.finished;
	}

	/**
	 * The caller's retry: a new round begins, and the open question gets its answer; a
	 * retry without one is asked the same question again (SEP-2322).
	 * @param responses the retry's {@code inputResponses} (may be null)
	 */
	synchronized CompletableFuture<ObjectNode> resume(JsonNode responses) {
		this.round = new CompletableFuture<>();
		Question open = this.question;
		if (open == null) {
			// nothing asked (the question timed out): the call's end answers this round
			return this.round;
		}
		JsonNode response = (responses != null) ? responses.get(open.key()) : null;
		if (response instanceof ObjectNode answer) {
			open.answer().complete(answer);
		}
		else {
			this.round.complete(open.inputRequired());
		}
		return this.round;
	}

	/** One request of the upstream, as the caller is asked it. */
	private record Question(String key, String method, JsonNode params, CompletableFuture<JsonNode> answer) {

		ObjectNode inputRequired() {
			ObjectNode result = JSON.objectNode().put("resultType", INPUT_REQUIRED);
			ObjectNode request = result.putObject("inputRequests").putObject(this.key).put("method", this.method);
			request.set("params", this.params);
			return result;
		}

	}

}
