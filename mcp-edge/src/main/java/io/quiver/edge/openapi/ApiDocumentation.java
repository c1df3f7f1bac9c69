package io.quiver.edge.openapi;

import io.quiver.edge.config.QuiverProperties;
import io.quiver.query.access.Caller;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Describes the REST admin API ({@code /api/v1/**}) as OpenAPI 3, served at
 * {@code /v3/api-docs} and browsable at {@code /swagger-ui.html}: every operation needs
 * an OAuth 2 bearer JWT naming the organisation and subject (SPEC R2.1). The
 * {@link Caller} parameter of the controllers is resolved from that token, not sent by
 * clients, so it is left out of the description.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocumentation {

	static final String BEARER = "bearer";

	static {
		SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
	}

	@Bean
	OpenAPI quiverOpenApi(QuiverProperties properties) {
		return new OpenAPI().info(new Info().title("Quiver REST admin API")
			.version("v1")
			.description("The control plane of Quiver over REST: members, connections, toolboxes, restrictions, "
					+ "compliance replay, catalog, audit trail and organisation settings. Each operation shares its "
					+ "application service, and so its permission checks, with the MCP tool "
					+ "quiver__{resource}__{operation}. Errors are RFC 9457 problem details with a stable `code`.")
			.license(new License().name("Proprietary")))
			.addServersItem(new Server().url(properties.base()))
			.components(new Components().addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP)
				.scheme("bearer")
				.bearerFormat("JWT")
				.description("An OAuth 2 access token (JWT) from the configured issuer, naming the organisation (claim "
						+ "`" + properties.oauth().orgClaim() + "`) and the subject (`sub`), with audience "
						+ properties.resource()
						+ ". With the embedded default, POST /dev/token on loopback issues one.")))
			.addSecurityItem(new SecurityRequirement().addList(BEARER));
	}

}
