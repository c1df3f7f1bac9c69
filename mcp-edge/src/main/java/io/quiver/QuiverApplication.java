package io.quiver;

import java.util.Arrays;
import java.util.stream.Stream;

import io.quiver.edge.config.QuiverProperties;
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
 * With {@code --quiver.rebuild=<projection|all>} it runs the rebuild admin command
 * instead of serving, and exits.
 */
@SpringBootApplication
@EnableScheduling
@EnableConfigurationProperties(QuiverProperties.class)
public class QuiverApplication {

	public static void main(String[] args) {
		System.setProperty("axoniq.update-checker.disabled", "true");
		System.setProperty("disable-axoniq-console-message", "true");
		if (Arrays.stream(args).anyMatch((arg) -> arg.startsWith("--quiver.rebuild="))) {
			System.exit(SpringApplication.exit(rebuild(args)));
		}
		new SpringApplication(QuiverApplication.class).run(args);
	}

	/**
	 * Runs the rebuild admin command ({@code --quiver.rebuild=...} among the arguments)
	 * and answers the context, to be closed. The context is the server's own, every bean
	 * included (a context without web support lacks the beans the security configuration
	 * needs and does not start), but no port is opened, so a rebuild can run beside a
	 * serving node.
	 */
	public static ConfigurableApplicationContext rebuild(String... args) {
		String[] noPort = Stream
			.concat(Arrays.stream(args).filter((arg) -> !arg.startsWith("--server.port=")),
					Stream.of("--server.port=-1"))
			.toArray(String[]::new);
		return new SpringApplication(QuiverApplication.class).run(noPort);
	}

}
