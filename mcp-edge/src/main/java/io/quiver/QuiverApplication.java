package io.quiver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.quiver.edge.config.QuiverProperties;
import io.quiver.query.audit.proof.VerifyTrailCommand;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Quiver: an event-sourced control plane for an organisation's AI tool access, and the
 * single MCP endpoint every AI client of that organisation talks to. Lives in the root
 * package so that component scanning covers the command, query and edge modules.
 * <p>
 * With {@code --quiver.rebuild=<projection|all>} or {@code --quiver.create-org=<slug>} it
 * runs that admin command instead of serving, and exits; with
 * {@code --quiver.verify-trail=<export.jsonl>} it runs the auditor's offline check of an
 * export against a signed checkpoint ({@link VerifyTrailCommand}) without starting
 * anything, and exits.
 */
@SpringBootApplication
@EnableScheduling
@EnableConfigurationProperties(QuiverProperties.class)
public class QuiverApplication {

	static final String COMMON_POOL_PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

	public static void main(String[] args) {
		pooledAsyncTasks();
		if (VerifyTrailCommand.requested(args)) {
			// the auditor's offline check: no server, no database, no Spring context
			System.exit(VerifyTrailCommand.run(args, System.out));
		}
		System.setProperty("axoniq.update-checker.disabled", "true");
		System.setProperty("disable-axoniq-console-message", "true");
		if (Arrays.stream(args)
			.anyMatch((arg) -> arg.startsWith("--quiver.rebuild=") || arg.startsWith("--quiver.create-org="))) {
			System.exit(SpringApplication.exit(rebuild(args)));
		}
		new SpringApplication(QuiverApplication.class).run(args);
	}

	/**
	 * Gives the common fork-join pool a parallelism of at least 2. On one or two cores it
	 * is 1, and {@code CompletableFuture} then runs each asynchronous task that names no
	 * executor on a thread of its own, started for it: the JDK HTTP client's
	 * {@code sendAsync} hands every response to that default executor, so each upstream
	 * call started and ended a thread (issue 18's profile: 3,732 thread starts in 19 s of
	 * read calls at one client on 2 cores). With 2 the tasks run in the common pool. Must
	 * run before anything initialises {@code CompletableFuture}; an operator's own
	 * setting is kept.
	 */
	public static void pooledAsyncTasks() {
		if (System.getProperty(COMMON_POOL_PARALLELISM) == null && Runtime.getRuntime().availableProcessors() <= 2) {
			System.setProperty(COMMON_POOL_PARALLELISM, "2");
		}
	}

	/**
	 * Runs an admin command ({@code --quiver.rebuild=...} or
	 * {@code --quiver.create-org=...} among the arguments) and answers the context, to be
	 * closed. The context is the server's own, every bean included (a context without web
	 * support lacks the beans the security configuration needs and does not start), but
	 * with the settings of {@link #adminArguments}.
	 */
	public static ConfigurableApplicationContext rebuild(String... args) {
		return new SpringApplication(QuiverApplication.class).run(adminArguments(args));
	}

	/**
	 * The arguments of an admin command's context. No port is opened, so a rebuild can
	 * run beside a serving node. The public URL, which defaults to one naming the port,
	 * is then {@code QUIVER_PUBLIC_URL} or {@code http://localhost} unless given: a
	 * rebuild serves nothing, but the server's beans need a valid one. Axon's handler
	 * timeouts are off unless given ({@code axon.timeout.enabled}): they walk the
	 * thread's stack and schedule a warning at every handler invocation, and the rebuild,
	 * which invokes the handlers of every projection for every event and shows its own
	 * progress per batch, went from 6,461 to 8,306 store events/s without them
	 * (docs/BENCHMARKS.md, Replay).
	 */
	public static String[] adminArguments(String... args) {
		List<String> arguments = new ArrayList<>();
		for (String arg : args) {
			if (!arg.startsWith("--server.port=")) {
				arguments.add(arg);
			}
		}
		arguments.add("--server.port=-1");
		if (Arrays.stream(args).noneMatch((arg) -> arg.startsWith("--quiver.public-url="))) {
			arguments.add("--quiver.public-url=${QUIVER_PUBLIC_URL:http://localhost}");
		}
		if (Arrays.stream(args).noneMatch((arg) -> arg.startsWith("--axon.timeout.enabled="))) {
			arguments.add("--axon.timeout.enabled=false");
		}
		return arguments.toArray(String[]::new);
	}

}
