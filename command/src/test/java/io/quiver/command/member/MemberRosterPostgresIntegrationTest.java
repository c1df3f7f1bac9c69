package io.quiver.command.member;

import io.quiver.command.PostgresTestSchema;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link MemberRosterIntegrationTest} on PostgreSQL, in a schema of its own.
 */
@EnabledIfEnvironmentVariable(named = PostgresTestSchema.URL_VARIABLE, matches = ".+")
class MemberRosterPostgresIntegrationTest extends MemberRosterIntegrationTest {

	@DynamicPropertySource
	static void postgres(DynamicPropertyRegistry registry) {
		PostgresTestSchema.createAndRegister(registry);
	}

}
