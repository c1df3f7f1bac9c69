package io.quiver.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.stream.Stream;

/** Writes one {@code ## } section of {@code docs/BENCHMARKS.md}, keeping the others. */
public final class Markdown {

	private Markdown() {
	}

	public static void replaceSection(Path file, String heading, String body) {
		try {
			String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8)
					: "# Benchmarks\n\nMeasured figures, each with the machine, the date and the command that produced it.\n";
			String section = heading + "\n\n" + body.strip() + "\n";
			int start = text.indexOf(heading + "\n");
			if (start < 0) {
				text = text.stripTrailing() + "\n\n" + section;
			}
			else {
				int end = text.indexOf("\n## ", start + heading.length());
				text = text.substring(0, start) + section + ((end < 0) ? "" : text.substring(end));
			}
			Files.createDirectories(file.toAbsolutePath().getParent());
			Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Writes one {@code ### } subsection of a {@code ## } section, keeping the rest of
	 * the section; a new subsection goes at the end of the section.
	 */
	public static void replaceSubsection(Path file, String heading, String subheading, String body) {
		try {
			String text = Files.readString(file, StandardCharsets.UTF_8);
			int section = text.indexOf(heading + "\n");
			if (section < 0) {
				replaceSection(file, heading, subheading + "\n\n" + body);
				return;
			}
			int sectionEnd = text.indexOf("\n## ", section + heading.length());
			sectionEnd = (sectionEnd < 0) ? text.length() : sectionEnd + 1;
			String subsection = subheading + "\n\n" + body.strip() + "\n\n";
			int start = text.indexOf(subheading + "\n", section);
			if (start < 0 || start >= sectionEnd) {
				String before = text.substring(0, sectionEnd);
				before = before.endsWith("\n\n") ? before : before.stripTrailing() + "\n\n";
				text = before + subsection + text.substring(sectionEnd);
			}
			else {
				int end = text.indexOf("\n### ", start + subheading.length());
				end = (end < 0 || end + 1 > sectionEnd) ? sectionEnd : end + 1;
				text = text.substring(0, start) + subsection + text.substring(end);
			}
			Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Machine, JVM and date, as one paragraph. */
	public static String machine() {
		String cpu = "unknown CPU";
		try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
			cpu = lines.filter((l) -> l.startsWith("model name"))
				.map((l) -> l.substring(l.indexOf(':') + 1).strip())
				.findFirst()
				.orElse(cpu);
		}
		catch (IOException | UncheckedIOException ex) {
			// not Linux: keep the placeholder
		}
		long memory = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getTotalMemorySize() >> 30;
		return String.format(Locale.ROOT, "Machine: %s, %d cores, %d GiB; %s %s; Java %s (%s). Date: %s.", cpu,
				Runtime.getRuntime().availableProcessors(), memory, System.getProperty("os.name"),
				System.getProperty("os.arch"), System.getProperty("java.version"), System.getProperty("java.vm.name"),
				LocalDate.now(ZoneOffset.UTC));
	}

}
