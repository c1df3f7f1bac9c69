package io.quiver.query.audit.proof;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The JSON Canonicalization Scheme (RFC 8785) for the values an audit entry holds:
 * objects with their members sorted by key (UTF-16 code units, §3.2.3), no whitespace,
 * strings escaped as ECMAScript's {@code JSON.stringify} does (§3.2.2.2: {@code \"},
 * {@code \\}, {@code \b \f \n \r \t}, other controls as {@code \}{@code u00xx},
 * everything else as UTF-8; a lone surrogate, which UTF-8 cannot carry, is refused),
 * integers in plain decimal (§3.2.2.3, within ±2<sup>53</sup>), {@code true},
 * {@code false}, {@code null}.
 * <p>
 * Hand-written, in some forty lines, because Jackson's output is close but not canonical:
 * it escapes controls with upper-case hex and writes members in insertion order.
 * Fractions are refused: no entry field is one, and their canonical form (ECMAScript
 * number printing) is where implementations differ.
 */
public final class CanonicalJson {

	private static final long MAX_SAFE = (1L << 53) - 1;

	private static final char[] HEX = "0123456789abcdef".toCharArray();

	private CanonicalJson() {
	}

	/** The canonical UTF-8 bytes of the value. */
	public static byte[] bytes(JsonNode value) {
		StringBuilder out = new StringBuilder(512);
		write(value, out);
		return out.toString().getBytes(StandardCharsets.UTF_8);
	}

	private static void write(JsonNode value, StringBuilder out) {
		if (value == null || value.isNull()) {
			out.append("null");
		}
		else if (value.isObject()) {
			List<String> keys = new ArrayList<>();
			for (Iterator<String> names = value.fieldNames(); names.hasNext();) {
				keys.add(names.next());
			}
			keys.sort(String::compareTo);
			out.append('{');
			for (int i = 0; i < keys.size(); i++) {
				out.append((i > 0) ? "," : "");
				string(keys.get(i), out);
				out.append(':');
				write(value.get(keys.get(i)), out);
			}
			out.append('}');
		}
		else if (value.isArray()) {
			out.append('[');
			for (int i = 0; i < value.size(); i++) {
				out.append((i > 0) ? "," : "");
				write(value.get(i), out);
			}
			out.append(']');
		}
		else if (value.isTextual()) {
			string(value.textValue(), out);
		}
		else if (value.isBoolean()) {
			out.append(value.booleanValue());
		}
		else if (value.isIntegralNumber() && value.canConvertToLong() && Math.abs(value.longValue()) <= MAX_SAFE) {
			out.append(value.longValue());
		}
		else {
			throw new IllegalArgumentException("no canonical form for " + value.getNodeType() + " " + value);
		}
	}

	private static void string(String text, StringBuilder out) {
		out.append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\b' -> out.append("\\b");
				case '\f' -> out.append("\\f");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> {
					if (c < 0x20) {
						out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
					}
					else if (Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < text.length()
							&& Character.isLowSurrogate(text.charAt(i + 1)))) {
						// UTF-8 has no form for it: two such strings would encode alike
						throw new IllegalArgumentException("a lone surrogate has no canonical form");
					}
					else if (Character.isHighSurrogate(c)) {
						out.append(c).append(text.charAt(++i));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		out.append('"');
	}

}
