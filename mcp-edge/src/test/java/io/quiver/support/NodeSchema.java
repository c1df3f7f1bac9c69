package io.quiver.support;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A PostgreSQL schema of its own for {@link QuiverNode}s (nodes in processes of their
 * own, on the server of {@value TestDatabase#POSTGRES_URL}): made when it is created,
 * dropped with everything in it on {@link #close}.
 */
public final class NodeSchema implements AutoCloseable {

	private final String name;

	private NodeSchema(String name) {
		this.name = name;
	}

	/** A fresh schema, its name {@code prefix} and twelve random hex digits. */
	public static NodeSchema create(String prefix) {
		NodeSchema schema = new NodeSchema(prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
		TestDatabase.execute("CREATE SCHEMA " + schema.name);
		return schema;
	}

	public String name() {
		return this.name;
	}

	/** The JDBC URL of this schema. */
	public String url() {
		String base = System.getenv(TestDatabase.POSTGRES_URL);
		return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + this.name;
	}

	/**
	 * The settings of a node on this schema: data source, Flyway, a fresh vault key, the
	 * data directory (the dev issuer's key, shared by the nodes given the same one), the
	 * dev issuer. A map the caller may add to.
	 */
	public Map<String, String> nodeSettings(Path dataDir) {
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		return new HashMap<>(Map.of("spring.datasource.url", url(), "spring.flyway.schemas", this.name,
				"quiver.vault.key", Base64.getEncoder().encodeToString(key), "quiver.data-dir", dataDir.toString(),
				"quiver.dev-issuer.enabled", "true", "quiver.public-url", "http://localhost"));
	}

	@Override
	public void close() {
		TestDatabase.execute("DROP SCHEMA IF EXISTS " + this.name + " CASCADE");
	}

}
