package io.quiver.edge.mcp;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds the settings of the MCP endpoint's streams. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(McpStreamSettings.class)
class McpConfiguration {

}
