package io.quiver.support;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the end-to-end tests: the whole application on a random port, over real HTTP,
 * on the shared test database ({@link TestDatabase}: PostgreSQL in CI). Every test class
 * works in organisations of its own ({@link Organizations}), so one context serves them
 * all.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// the metrics and traces as deployed (Spring Boot's tests turn them off by default)
@AutoConfigureObservability
public abstract class QuiverIntegrationTest {

	@LocalServerPort
	protected int port;

	@Autowired
	protected Organizations organizations;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
	}

	protected String baseUrl() {
		return "http://localhost:" + this.port;
	}

	protected Rest rest(String orgId, String subject) {
		return new Rest(baseUrl(), this.organizations.token(orgId, subject));
	}

	protected Rest rest(String orgId, String subject, String scope) {
		return new Rest(baseUrl(), this.organizations.token(orgId, subject, scope));
	}

	protected Mcp mcp(String orgId, String subject) {
		return Mcp.connect(baseUrl(), this.organizations.token(orgId, subject));
	}

	protected Mcp mcp(String orgId, String subject, String scope) {
		return Mcp.connect(baseUrl(), this.organizations.token(orgId, subject, scope));
	}

}
