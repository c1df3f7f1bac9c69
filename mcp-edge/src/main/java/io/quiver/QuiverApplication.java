package io.quiver;

import java.util.Arrays;

import io.quiver.edge.config.QuiverProperties;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Quiver: an event-sourced control plane for an organisation's AI tool access, and the
 * single MCP endpoint every AI client of that organisation talks to. Lives in the root
 * package so that component scanning covers the command, query and edge modules.
 * <p>
 * With {@code --quiver.rebuild=<projection|all>} it runs the rebuild admin command
 * instead of serving, and exits.
 */
@SpringBootApplication
@EnableConfigurationProperties(QuiverProperties.class)
public class QuiverApplication {

	public static void main(String[] args) {
		System.setProperty("axoniq.update-checker.disabled", "true");
		System.setProperty("disable-axoniq-console-message", "true");
		SpringApplication application = new SpringApplication(QuiverApplication.class);
		boolean rebuild = Arrays.stream(args).anyMatch((arg) -> arg.startsWith("--quiver.rebuild="));
		if (rebuild) {
			application.setWebApplicationType(WebApplicationType.NONE);
			System.exit(SpringApplication.exit(application.run(args)));
		}
		application.run(args);
	}

}
