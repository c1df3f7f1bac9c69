package io.quiver.benchmarks.system;

import java.util.HashMap;
import java.util.Map;

/**
 * What the {@code main} of a benchmark on nodes of its own shares: its options, and
 * cleaning up after it whatever happens.
 */
final class BenchMain {

	private BenchMain() {
	}

	/** A benchmark's measurements. */
	@FunctionalInterface
	interface Run {

		void run() throws Exception;

	}

	/**
	 * The {@code --name value} pairs of {@code args} over the defaults: the packaged
	 * node, the local PostgreSQL, {@code docs/BENCHMARKS.md}, then {@code more} (name,
	 * value, ...).
	 */
	static Map<String, String> options(String[] args, String... more) {
		Map<String, String> options = new HashMap<>(Map.of("--jar", "mcp-edge/target/quiver.jar", "--pg-url",
				"jdbc:postgresql://127.0.0.1:5432/test?user=postgres", "--doc", "docs/BENCHMARKS.md"));
		for (int i = 0; i + 1 < more.length; i += 2) {
			options.put(more[i], more[i + 1]);
		}
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i], args[i + 1]);
		}
		return options;
	}

	/**
	 * Runs the benchmark, then stops every node it started and drops its schema, and ends
	 * the JVM (the clients' threads would keep it up).
	 */
	static void run(BenchSchema schema, Run benchmark) throws Exception {
		try {
			benchmark.run();
		}
		finally {
			QuiverProcess.closeAll();
			schema.drop();
		}
		System.exit(0);
	}

}
