package io.quiver.edge.admin;

import io.quiver.QuiverApplication;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An admin command's context opens no port, has a public URL and runs without Axon's
 * handler timeouts, each unless the operator says otherwise (the port never).
 */
class AdminArgumentsTest {

	@Test
	void noPortAPublicUrlAndNoHandlerTimeouts() {
		assertThat(QuiverApplication.adminArguments("--quiver.rebuild=all", "--server.port=8080")).containsExactly(
				"--quiver.rebuild=all", "--server.port=-1", "--quiver.public-url=${QUIVER_PUBLIC_URL:http://localhost}",
				"--axon.timeout.enabled=false");
	}

	@Test
	void theOperatorsPublicUrlAndTimeoutsAreKept() {
		assertThat(QuiverApplication.adminArguments("--quiver.rebuild=all", "--quiver.public-url=https://q.example",
				"--axon.timeout.enabled=true"))
			.containsExactly("--quiver.rebuild=all", "--quiver.public-url=https://q.example",
					"--axon.timeout.enabled=true", "--server.port=-1");
	}

}
