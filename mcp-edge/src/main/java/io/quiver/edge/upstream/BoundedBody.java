package io.quiver.edge.upstream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads an upstream's response body up to the organisation's bound, the one reader every
 * upstream answer goes through: past the bound it cancels the subscription (the
 * connection is dropped) and fails with {@link TooLarge}; once a subclass has its answer
 * (an MCP response in a stream the server keeps open) it stops reading. A subclass says
 * what the bytes become.
 *
 * @param <T> what the body is read into
 */
abstract class BoundedBody<T> implements HttpResponse.BodySubscriber<T> {

	private final int limit;

	/**
	 * Completed by the subclass with its answer, or here on an error or an oversized
	 * body.
	 */
	protected final CompletableFuture<T> result = new CompletableFuture<>();

	private long total;

	private Flow.Subscription subscription;

	BoundedBody(int limit) {
		this.limit = limit;
	}

	/** The whole body as bytes, at most {@code limit} of them. */
	static BoundedBody<byte[]> bytes(int limit) {
		return new BoundedBody<>(limit) {

			private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

			@Override
			protected void consume(ByteBuffer buffer) {
				byte[] chunk = new byte[buffer.remaining()];
				buffer.get(chunk);
				this.bytes.write(chunk, 0, chunk.length);
			}

			@Override
			protected void complete() {
				this.result.complete(this.bytes.toByteArray());
			}

		};
	}

	/**
	 * Takes the bytes of one buffer, within the bound; may complete {@link #result}, and
	 * then need not read the rest.
	 */
	protected abstract void consume(ByteBuffer buffer);

	/** The body ended with {@link #result} not yet complete: complete it. */
	protected abstract void complete();

	@Override
	public final CompletionStage<T> getBody() {
		return this.result;
	}

	@Override
	public final void onSubscribe(Flow.Subscription subscription) {
		this.subscription = subscription;
		subscription.request(1);
	}

	@Override
	public final void onNext(List<ByteBuffer> buffers) {
		for (ByteBuffer buffer : buffers) {
			if (this.result.isDone()) {
				return;
			}
			this.total += buffer.remaining();
			if (this.total > this.limit) {
				this.subscription.cancel();
				this.result.completeExceptionally(new TooLarge(this.limit));
				return;
			}
			consume(buffer);
			if (this.result.isDone()) {
				// the answer is in: stop reading a stream the server may keep open
				this.subscription.cancel();
				return;
			}
		}
		this.subscription.request(1);
	}

	@Override
	public final void onError(Throwable throwable) {
		this.result.completeExceptionally(throwable);
	}

	@Override
	public final void onComplete() {
		if (!this.result.isDone()) {
			complete();
		}
	}

	/** The body-too-large signal. */
	static final class TooLarge extends IOException {

		final int limit;

		TooLarge(int limit) {
			super("response body larger than " + limit + " bytes");
			this.limit = limit;
		}

	}

}
