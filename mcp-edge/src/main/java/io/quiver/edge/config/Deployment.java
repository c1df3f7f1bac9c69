package io.quiver.edge.config;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Which shape this node runs in: the embedded default (H2 under the data directory, for a
 * first run) or a production database. Development conveniences (the local token issuer,
 * the anonymous loopback subject) key off this.
 */
@Component
public class Deployment {

	private final boolean embedded;

	public Deployment(@Value("${spring.datasource.url:}") String databaseUrl) {
		this.embedded = embedded(databaseUrl);
	}

	/**
	 * Whether a data source URL names the embedded default: H2 in this process (a file or
	 * memory), not an H2 server.
	 */
	public static boolean embedded(String databaseUrl) {
		return databaseUrl.startsWith("jdbc:h2:") && !databaseUrl.startsWith("jdbc:h2:tcp:")
				&& !databaseUrl.startsWith("jdbc:h2:ssl:");
	}

	/** Whether the embedded default database is in use. */
	public boolean embedded() {
		return this.embedded;
	}

}
