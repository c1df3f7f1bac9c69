package io.quiver.query.support;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Instants as stored in read models: fixed-width UTC ISO-8601 with microseconds, so that
 * string order is time order in every database ({@link Instant#toString()} drops trailing
 * zeros and would not sort).
 */
public final class Instants {

	private static final DateTimeFormatter FIXED = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
		.withZone(ZoneOffset.UTC);

	private Instants() {
	}

	public static String format(Instant instant) {
		return FIXED.format(instant);
	}

	/**
	 * An ISO-8601 instant written by a user ({@code 2026-11-30T10:00:00Z}); null when
	 * blank. The one reader of a user's instant: the audit filters, restriction history,
	 * the read models' stored form.
	 * @param named how the error names it: the field, or the value itself
	 * @throws IllegalArgumentException naming the expected form
	 */
	public static Instant parse(String written, String named) {
		if (written == null || written.isBlank()) {
			return null;
		}
		try {
			return Instant.parse(written.strip());
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException(
					"'" + named + "' is not an instant; write ISO-8601 UTC such as 2026-11-30T10:00:00Z");
		}
	}

	/**
	 * Parses an ISO-8601 instant written by a user into the stored form; null stays null.
	 * @throws IllegalArgumentException naming the expected form
	 */
	public static String normalize(String written) {
		Instant instant = parse(written, written);
		return (instant != null) ? format(instant) : null;
	}

}
