package io.quiver.benchmarks.system;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A closed-loop load: {@code concurrency} clients each send the next request as soon as
 * the previous one is answered, for a warm-up (not recorded) and then a measured period.
 * Every answer is checked; a wrong answer counts as an error, not as a latency.
 */
final class ClosedLoop {

	private ClosedLoop() {
	}

	/** One request; true when the answer is the expected one. */
	@FunctionalInterface
	interface Call {

		boolean send(int client) throws Exception;

	}

	static Result run(int concurrency, Duration warmUp, Duration measured, Call call) {
		long start = System.nanoTime();
		long recordFrom = start + warmUp.toNanos();
		long stop = recordFrom + measured.toNanos();
		AtomicLong errors = new AtomicLong();
		AtomicLong sentInAll = new AtomicLong();
		AtomicReference<String> firstError = new AtomicReference<>();
		ExecutorService clients = Executors.newFixedThreadPool(concurrency);
		List<Future<long[]>> futures = new ArrayList<>();
		for (int client = 0; client < concurrency; client++) {
			int id = client;
			futures.add(clients.submit(() -> {
				long[] latencies = new long[1024];
				int count = 0;
				while (true) {
					long sent = System.nanoTime();
					if (sent >= stop) {
						break;
					}
					boolean ok;
					try {
						ok = call.send(id);
						if (!ok) {
							firstError.compareAndSet(null, "a wrong answer");
						}
					}
					catch (Exception ex) {
						ok = false;
						firstError.compareAndSet(null, ex.toString());
					}
					sentInAll.incrementAndGet();
					long answered = System.nanoTime();
					if (sent >= recordFrom) {
						if (!ok) {
							errors.incrementAndGet();
						}
						else {
							if (count == latencies.length) {
								latencies = Arrays.copyOf(latencies, count * 2);
							}
							latencies[count++] = answered - sent;
						}
					}
				}
				return Arrays.copyOf(latencies, count);
			}));
		}
		long[] all = new long[0];
		try {
			for (Future<long[]> future : futures) {
				long[] some = future.get();
				long[] merged = Arrays.copyOf(all, all.length + some.length);
				System.arraycopy(some, 0, merged, all.length, some.length);
				all = merged;
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			clients.shutdownNow();
		}
		Arrays.sort(all);
		return new Result(concurrency, all, errors.get(), measured, sentInAll.get(), firstError.get());
	}

	/**
	 * Sorted latencies in nanoseconds of the answered requests, the errors, every request
	 * sent (warm-up included), and the first error seen in the whole run (or null).
	 */
	record Result(int concurrency, long[] latencies, long errors, Duration measured, long sentInAll,
			String firstError) {

		double percentileMillis(double percentile) {
			if (this.latencies.length == 0) {
				return Double.NaN;
			}
			int index = (int) Math.ceil(percentile / 100 * this.latencies.length) - 1;
			return this.latencies[Math.max(0, Math.min(index, this.latencies.length - 1))] / 1e6;
		}

		double perSecond() {
			return this.latencies.length / (this.measured.toNanos() / 1e9);
		}

		int count() {
			return this.latencies.length;
		}

	}

}
