package io.quiver.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

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

	@Autowired
	private MeterRegistry meters;

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

	/**
	 * Calls {@code tool} {@code n} times at once as {@code subject}, half through the
	 * sign-in server and half through this node: two Quiver nodes on one database. Every
	 * call must work.
	 * @return the texts of the calls' results
	 */
	protected List<String> raceOnTwoNodes(String orgId, String subject, String tool, int n) throws Exception {
		String tokenA = SignInServer.app().token(subject, orgId);
		String tokenB = this.organizations.token(orgId, subject);
		List<Mcp> clients = new ArrayList<>();
		ExecutorService pool = Executors.newFixedThreadPool(n);
		CountDownLatch go = new CountDownLatch(1);
		try {
			for (int i = 0; i < n; i++) {
				clients
					.add((i % 2 == 0) ? Mcp.connect(SignInServer.baseUrl(), tokenA) : Mcp.connect(baseUrl(), tokenB));
			}
			List<Future<Mcp.Result>> calls = new ArrayList<>();
			for (Mcp client : clients) {
				calls.add(pool.submit(() -> {
					go.await();
					return client.call(tool, Map.of());
				}));
			}
			go.countDown();
			List<String> texts = new ArrayList<>();
			for (Future<Mcp.Result> call : calls) {
				Mcp.Result result = call.get();
				assertThat(result.isError()).as(result.text()).isFalse();
				texts.add(result.text());
			}
			return texts;
		}
		finally {
			pool.shutdownNow();
			clients.forEach(Mcp::close);
		}
	}

	/**
	 * OAuth grants refreshed at their provider ({@code quiver.oauth.refreshes}), summed
	 * over both nodes.
	 */
	protected double oauthRefreshesOnBothNodes() {
		return SignInServer.app().bean(MeterRegistry.class).get("quiver.oauth.refreshes").counter().count()
				+ this.meters.get("quiver.oauth.refreshes").counter().count();
	}

}
