package io.quiver.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The official TypeScript SDK client ({@code @modelcontextprotocol/sdk} 1.x) in a real
 * Node process. The SDK installs from the npm registry into a cache outside the
 * repository ({@code $QUIVER_CI_CACHE}, default {@code ~/.cache/quiver-ci}), once, as
 * {@code .ci/conformance} installs its tools; a script from the test resources is copied
 * beside it and run there. The script talks in JSON lines on standard output.
 */
public final class TypeScriptSdk {

	public static final String VERSION = "1.32.2";

	private static final ObjectMapper JSON = new ObjectMapper();

	private TypeScriptSdk() {
	}

	/** Whether node and npm are on the path. */
	public static boolean available() {
		return runs("node", "--version") && runs("npm", "--version");
	}

	/** Runs a script of the test resources with these arguments. */
	public static Script run(String resource, String... arguments) throws IOException {
		Path home = install();
		Path script = home.resolve(Path.of(resource).getFileName());
		try (InputStream in = TypeScriptSdk.class.getResourceAsStream("/" + resource)) {
			if (in == null) {
				throw new IllegalStateException("no test resource " + resource);
			}
			Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
		}
		List<String> command = new ArrayList<>(List.of("node", script.toString()));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).directory(home.toFile())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		return new Script(process);
	}

	private static synchronized Path install() throws IOException {
		String cache = System.getenv()
			.getOrDefault("QUIVER_CI_CACHE",
					Path.of(System.getProperty("user.home"), ".cache", "quiver-ci").toString());
		Path home = Path.of(cache, "ts-sdk-" + VERSION);
		if (Files.exists(home.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))) {
			return home;
		}
		Files.createDirectories(home);
		if (!Files.exists(home.resolve("package.json"))) {
			Files.writeString(home.resolve("package.json"), "{\"private\":true}");
		}
		Process npm = new ProcessBuilder("npm", "install", "--prefix", home.toString(), "--no-audit", "--no-fund",
				"--loglevel=error", "@modelcontextprotocol/sdk@" + VERSION)
			.redirectErrorStream(true)
			.start();
		String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		try {
			if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
				throw new IllegalStateException(
						"npm install @modelcontextprotocol/sdk@" + VERSION + " failed: " + output);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return home;
	}

	private static boolean runs(String... command) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			process.getInputStream().readAllBytes();
			return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** A running script: its JSON lines, read one by one. */
	public static final class Script implements AutoCloseable {

		private final Process process;

		private final BufferedReader out;

		Script(Process process) {
			this.process = process;
			this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
		}

		/**
		 * The next line that has this field, skipping the others; fails at the end of
		 * output.
		 */
		public JsonNode next(String field) throws IOException {
			for (String line = this.out.readLine(); line != null; line = this.out.readLine()) {
				JsonNode node = JSON.readTree(line);
				if (node.has(field)) {
					return node;
				}
			}
			throw new IllegalStateException("the script ended without a '" + field + "' line");
		}

		@Override
		public void close() {
			this.process.destroyForcibly();
		}

	}

}
