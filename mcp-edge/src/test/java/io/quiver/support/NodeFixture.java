package io.quiver.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a test of {@link QuiverNode}s starts with, made before each test and removed after
 * it: a {@link NodeSchema} of its own, a {@link FakeUpstream}, a directory for the nodes'
 * logs and data, and the nodes' settings (one vault key for every node the test starts).
 * Registered with {@code @RegisterExtension}.
 */
public final class NodeFixture implements BeforeEachCallback, AfterEachCallback {

	private final String schemaPrefix;

	private NodeSchema schema;

	private FakeUpstream upstream;

	private Path dir;

	private Map<String, String> settings;

	/**
	 * @param schemaPrefix the schema's name before its random part
	 */
	public NodeFixture(String schemaPrefix) {
		this.schemaPrefix = schemaPrefix;
	}

	@Override
	public void beforeEach(ExtensionContext context) throws IOException {
		this.dir = Files.createTempDirectory("quiver-node-");
		this.schema = NodeSchema.create(this.schemaPrefix);
		this.upstream = FakeUpstream.start();
		this.settings = this.schema.nodeSettings(this.dir);
	}

	@Override
	public void afterEach(ExtensionContext context) {
		try {
			this.upstream.close();
			this.schema.close();
		}
		finally {
			delete(this.dir);
		}
	}

	public NodeSchema schema() {
		return this.schema;
	}

	public FakeUpstream upstream() {
		return this.upstream;
	}

	/** The directory of the nodes' logs and data. */
	public Path dir() {
		return this.dir;
	}

	/** The nodes' settings, which the test may add to before it starts one. */
	public Map<String, String> settings() {
		return this.settings;
	}

	private static void delete(Path dir) {
		try (Stream<Path> paths = Files.walk(dir)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> {
				try {
					Files.deleteIfExists(path);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
