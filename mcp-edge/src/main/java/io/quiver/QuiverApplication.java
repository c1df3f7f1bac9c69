package io.quiver;

import io.quiver.edge.config.QuiverProperties;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Quiver: an event-sourced control plane for an organisation's AI tool access, and the
 * single MCP endpoint every AI client of that organisation talks to. Lives in the root
 * package so that component scanning covers the command, query and edge modules.
 */
@SpringBootApplication
@EnableConfigurationProperties(QuiverProperties.class)
public class QuiverApplication {

	public static void main(String[] args) {
		System.setProperty("axoniq.update-checker.disabled", "true");
		SpringApplication.run(QuiverApplication.class, args);
	}

}
