package io.quiver;

import java.util.Arrays;
import java.util.stream.Stream;

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
	 * no port is opened, so a rebuild can run beside a serving node. The public URL,
	 * which defaults to one naming the port, is then {@code QUIVER_PUBLIC_URL} or
	 * {@code http://localhost} unless given: a rebuild serves nothing, but the server's
	 * beans need a valid one.
	 */
	public static ConfigurableApplicationContext rebuild(String... args) {
		Stream<String> noPort = Stream.of("--server.port=-1");
		if (Arrays.stream(args).noneMatch((arg) -> arg.startsWith("--quiver.public-url="))) {
			noPort = Stream.concat(noPort, Stream.of("--quiver.public-url=${QUIVER_PUBLIC_URL:http://localhost}"));
		}
		String[] arguments = Stream
			.concat(Arrays.stream(args).filter((arg) -> !arg.startsWith("--server.port=")), noPort)
			.toArray(String[]::new);
		return new SpringApplication(QuiverApplication.class).run(arguments);
	}

}
