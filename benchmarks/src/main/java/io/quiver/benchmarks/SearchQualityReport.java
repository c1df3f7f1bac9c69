package io.quiver.benchmarks;

import java.nio.file.Path;

import io.quiver.query.search.eval.SearchEvaluation;

/**
 * Writes the search evaluation of {@code query}'s tests (SPEC R6.11,
 * {@link SearchEvaluation}) under {@code ## Search quality} of the given file, with the
 * machine it ran on.
 */
public final class SearchQualityReport {

	private SearchQualityReport() {
	}

	public static void main(String[] args) {
		String report = Markdown.machine() + "\n\n" + SearchEvaluation.report();
		System.out.println(report);
		if (args.length > 0) {
			Markdown.replaceSection(Path.of(args[0]), "## Search quality", report);
		}
	}

}
