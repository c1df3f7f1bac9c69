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

	private final String databaseUrl;

	public Deployment(@Value("${spring.datasource.url:}") String databaseUrl) {
		this.databaseUrl = databaseUrl;
		this.embedded = databaseUrl.startsWith("jdbc:h2:");
	}

	/** Whether the embedded default database is in use. */
	public boolean embedded() {
		return this.embedded;
	}

	public String databaseUrl() {
		return this.databaseUrl;
	}

}
