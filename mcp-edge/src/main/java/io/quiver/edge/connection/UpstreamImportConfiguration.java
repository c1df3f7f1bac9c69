package io.quiver.edge.connection;

import io.quiver.edge.upstream.McpUpstreamClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Connections import an MCP connector's tools with the upstream client.
 */
@Configuration(proxyBeanMethods = false)
class UpstreamImportConfiguration {

	@Bean
	UpstreamToolImport upstreamToolImport(McpUpstreamClient client) {
		return client::importTools;
	}

}
