package io.quiver.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * npm packages the tests run (MCP clients and servers of other SDKs), installed from the
 * npm registry into a cache outside the repository, {@code $QUIVER_CI_CACHE/<folder>}
 * (default {@code ~/.cache/quiver-ci}), as {@code .ci/conformance} does: once per
 * version, so the tests work from a clean clone.
 */
final class NpmCache {

	private static final ObjectMapper JSON = new ObjectMapper();

	private NpmCache() {
	}

	/** The folder holding these packages at these versions, installing them if needed. */
	static synchronized Path install(String folder, Map<String, String> packages) {
		String cache = System.getenv("QUIVER_CI_CACHE");
		Path dir = Path.of(
				(cache != null && !cache.isBlank()) ? cache : System.getProperty("user.home") + "/.cache/quiver-ci",
				folder);
		if (packages.entrySet().stream().allMatch((entry) -> entry.getValue().equals(version(dir, entry.getKey())))) {
			return dir;
		}
		try {
			Files.createDirectories(dir);
			if (!Files.exists(dir.resolve("package.json"))) {
				Files.writeString(dir.resolve("package.json"), "{\"private\":true}");
			}
			List<String> command = new ArrayList<>(List.of("npm", "install", "--prefix", dir.toString(), "--no-audit",
					"--no-fund", "--loglevel=error"));
			packages.forEach((name, version) -> command.add(name + "@" + version));
			Process npm = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(dir.resolve("npm-install.log").toFile())
				.start();
			if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
				throw new IllegalStateException("npm install failed; see " + dir.resolve("npm-install.log"));
			}
			return dir;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static String version(Path dir, String pkg) {
		try {
			return JSON.readTree(dir.resolve("node_modules").resolve(pkg).resolve("package.json").toFile())
				.path("version")
				.asText("");
		}
		catch (IOException ex) {
			return "";
		}
	}

}
