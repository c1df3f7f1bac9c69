package io.quiver.query.audit.proof;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What an entry's hash covers (SPEC R10.4, R10.10), by version, so that the hash of any
 * entry can be recomputed from its JSON form alone (the export, the offline check):
 * <ul>
 * <li><b>Version 2</b> (every entry written since this version, {@code "v": 2}): the
 * SHA-256 of the RFC 8785 canonical JSON of the entry object without its {@code hash}
 * member. Every member is covered, the version and {@code prevHash} included; a field
 * that is null is left out. Two different entries never encode alike (JSON is
 * unambiguous), and a field added later is one more member: entries written before it
 * lack it and still encode as they did.</li>
 * <li><b>Version 1</b> (entries written before the cut-over; {@code "v"} absent or 1):
 * the SHA-256 of the fields in a fixed order, each followed by U+241E, U+241E inside a
 * field doubled, null as U+2400, argument names joined by {@code ,}. It is ambiguous
 * where names hold a comma ({@code ["a","b"]} and {@code ["a,b"]} hash alike), which is
 * why version 2 exists; it is kept only so that the entries written with it still verify.
 * The cut-over is marked by the entries themselves: once an organisation's chain holds a
 * version-2 entry, every later entry must be version 2
 * ({@link #requireNoDowngrade}).</li>
 * </ul>
 */
public final class EntryEncoding {

	/** The version of entries written before the cut-over. */
	public static final int LEGACY = 1;

	/** The version every new entry is written with. */
	public static final int CURRENT = 2;

	/** The member holding the version. */
	public static final String VERSION = "v";

	/** The member holding the hash, which the hash does not cover. */
	public static final String HASH = "hash";

	/** The previous hash of an organisation's first entry: the chain's start. */
	public static final String GENESIS = "0".repeat(64);

	private static final DateTimeFormatter MICROS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
		.withZone(ZoneOffset.UTC);

	private static final HexFormat HEX = HexFormat.of();

	private EntryEncoding() {
	}

	/** The version of an entry in its JSON form. */
	public static int version(JsonNode entry) {
		JsonNode version = entry.get(VERSION);
		return (version == null || version.isNull()) ? LEGACY : version.asInt();
	}

	/**
	 * The hash an entry in its JSON form should carry, hex.
	 * @throws IllegalArgumentException for a version this build does not know
	 */
	public static String hash(ObjectNode entry) {
		int version = version(entry);
		if (version == CURRENT) {
			ObjectNode covered = entry.deepCopy();
			covered.remove(HASH);
			return sha256(CanonicalJson.bytes(covered));
		}
		if (version == LEGACY) {
			return sha256(legacy(entry).getBytes(StandardCharsets.UTF_8));
		}
		throw new IllegalArgumentException(
				"entry version " + version + " is not one this build knows; use a newer " + "build to verify it");
	}

	/**
	 * Refuses a version-1 entry after a version-2 one: the cut-over happens once, and a
	 * downgraded entry would escape the unambiguous encoding.
	 * @return the entry's version
	 */
	public static int requireNoDowngrade(int previous, ObjectNode entry) {
		int version = version(entry);
		if (version < previous) {
			throw new IllegalArgumentException("it is written with encoding version " + version + " after an entry of "
					+ "version " + previous + ": the cut-over to version " + previous + " happened before it");
		}
		return version;
	}

	/** The instant as entries write it: UTC, always six fraction digits. */
	public static String instant(Instant at) {
		return MICROS.format(at.truncatedTo(ChronoUnit.MICROS));
	}

	private static String legacy(ObjectNode e) {
		StringBuilder canonical = new StringBuilder(512);
		append(canonical, text(e, "prevHash"));
		append(canonical, text(e, "orgId"));
		append(canonical, text(e, "seq"));
		append(canonical, text(e, "entryId"));
		append(canonical, Instant.parse(e.path("at").asText()).toString());
		for (String field : List.of("memberId", "subject", "requestedName", "viaExecuteTool", "resolvedTool",
				"operation", "connectionId", "account", "classification", "gate", "decision", "outcome", "errorCode")) {
			append(canonical, text(e, field));
		}
		List<String> names = new ArrayList<>();
		e.path("argumentNames").forEach((name) -> names.add(name.asText()));
		append(canonical, String.join(",", names));
		append(canonical, text(e, "argumentCount"));
		append(canonical, text(e, "durationMicros"));
		return canonical.toString();
	}

	private static String text(ObjectNode e, String field) {
		JsonNode value = e.get(field);
		if (value == null || value.isNull()) {
			return (field.equals("viaExecuteTool")) ? "false" : null;
		}
		return value.asText();
	}

	private static void append(StringBuilder canonical, String field) {
		canonical.append(field == null ? "\u2400" : field.replace("\u241e", "\u241e\u241e")).append('\u241e');
	}

	static String sha256(byte[] bytes) {
		return HEX.formatHex(digest(bytes));
	}

	static byte[] digest(byte[]... parts) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			for (byte[] part : parts) {
				digest.update(part);
			}
			return digest.digest();
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
