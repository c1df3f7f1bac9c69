package io.quiver.command.naming;

import io.quiver.command.PostgresTestSchema;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link AdvertisedNamespaceIntegrationTest} on PostgreSQL, in a schema of its own.
 */
@EnabledIfEnvironmentVariable(named = PostgresTestSchema.URL_VARIABLE, matches = ".+")
class AdvertisedNamespacePostgresIntegrationTest extends AdvertisedNamespaceIntegrationTest {

	@DynamicPropertySource
	static void postgres(DynamicPropertyRegistry registry) {
		PostgresTestSchema.createAndRegister(registry);
	}

}
