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
import java.util.function.LongSupplier;

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

	/**
	 * Runs the load; {@code cpuMillis} (a process's CPU time so far) is read when the
	 * measured period starts and when it ends.
	 */
	static Result run(int concurrency, Duration warmUp, Duration measured, Call call, LongSupplier cpuMillis) {
		long start = System.nanoTime();
		long recordFrom = start + warmUp.toNanos();
		long stop = recordFrom + measured.toNanos();
		long[] cpu = new long[2];
		Thread probe = new Thread(() -> {
			sleepUntil(recordFrom);
			cpu[0] = cpuMillis.getAsLong();
			sleepUntil(stop);
			cpu[1] = cpuMillis.getAsLong();
		}, "cpu-probe");
		probe.start();
		AtomicLong errors = new AtomicLong();
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
		try {
			probe.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		Arrays.sort(all);
		return new Result(concurrency, all, errors.get(), measured, cpu[1] - cpu[0], firstError.get());
	}

	private static void sleepUntil(long nanoTime) {
		long left;
		while ((left = nanoTime - System.nanoTime()) > 0) {
			try {
				Thread.sleep(Math.max(1, left / 1_000_000));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	/**
	 * Sorted latencies in nanoseconds of the answered requests, the errors, the CPU time
	 * of the probed process over the measured period, and the first error seen in the
	 * whole run (or null).
	 */
	record Result(int concurrency, long[] latencies, long errors, Duration measured, long cpuMillis,
			String firstError) {

		/** CPU milliseconds of the probed process per request of the measured period. */
		double cpuPerRequest() {
			return (double) this.cpuMillis / (this.latencies.length + this.errors);
		}

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
