package io.quiver.edge.telemetry;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of {@code /actuator/prometheus} in the text format, read into series: a
 * metric name, its labels and its value.
 */
record Scrape(String text, Map<Series, Double> series) {

	private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)$");

	private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

	static Scrape of(String text) {
		Map<Series, Double> series = new HashMap<>();
		for (String line : text.split("\n")) {
			if (line.startsWith("#") || line.isBlank()) {
				continue;
			}
			Matcher matcher = LINE.matcher(line.strip());
			if (!matcher.matches()) {
				throw new IllegalArgumentException("not a Prometheus sample line: " + line);
			}
			Map<String, String> labels = new LinkedHashMap<>();
			if (matcher.group(3) != null) {
				Matcher label = LABEL.matcher(matcher.group(3));
				while (label.find()) {
					labels.put(label.group(1), label.group(2));
				}
			}
			series.put(new Series(matcher.group(1), Map.copyOf(labels)), Double.parseDouble(matcher.group(4)));
		}
		return new Scrape(text, series);
	}

	/** The value of one series, 0 when it is absent (a counter not yet incremented). */
	double value(String name, Map<String, String> labels) {
		return this.series.getOrDefault(new Series(name, Map.copyOf(labels)), 0.0);
	}

	/** The sum of every series of this name whose labels include these. */
	double sum(String name, Map<String, String> labels) {
		return this.series.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().name().equals(name)
					&& entry.getKey().labels().entrySet().containsAll(labels.entrySet()))
			.mapToDouble(Map.Entry::getValue)
			.sum();
	}

	boolean has(String name) {
		return this.series.keySet().stream().anyMatch((key) -> key.name().equals(name));
	}

	record Series(String name, Map<String, String> labels) {
	}

}
