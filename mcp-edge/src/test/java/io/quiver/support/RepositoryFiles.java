package io.quiver.support;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files of the repository outside the module (the chart, the dashboard), found upwards.
 */
public final class RepositoryFiles {

	private RepositoryFiles() {
	}

	/**
	 * The path of {@code relative} under the first directory above this one that has it.
	 */
	public static Path find(String relative) {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			Path candidate = dir.resolve(relative);
			if (Files.exists(candidate)) {
				return candidate;
			}
		}
		throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
	}

}
