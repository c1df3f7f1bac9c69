package io.quiver;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Quiver: an event-sourced control plane for an organisation's AI tool access, and the
 * single MCP endpoint every AI client of that organisation talks to. Lives in the root
 * package so that component scanning covers the command, query and edge modules.
 */
@SpringBootApplication
public class QuiverApplication {

	public static void main(String[] args) {
		SpringApplication.run(QuiverApplication.class, args);
	}

}
