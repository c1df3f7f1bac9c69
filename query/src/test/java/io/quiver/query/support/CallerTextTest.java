package io.quiver.query.support;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CallerTextTest {

	@Test
	void aValueThatCouldForgeALogLineStaysOnOneLine() {
		String forged = "echo__get\n2026-11-30 INFO  io.quiver Granted OWNER to mallory\r\u0000\u001b[31m";
		String logged = CallerText.log(forged);
		assertThat(logged).doesNotContain("\n", "\r", "\u0000", "\u001b")
			.isEqualTo("echo__get\\n2026-11-30 INFO  io.quiver Granted OWNER to mallory\\r\\0\\u001b[31m");
	}

	@Test
	void separatorsBidiOverridesAndLoneSurrogatesAreEscaped() {
		assertThat(CallerText.escape("a\u2028b\u2029c\u202ed\u2066e\u0085f\u007f"))
			.isEqualTo("a\\u2028b\\u2029c\\u202ed\\u2066e\\u0085f\\u007f");
		assertThat(CallerText.escape("x\ud800y")).isEqualTo("x\\ud800y");
		assertThat(CallerText.escape("x\udc00")).isEqualTo("x\\udc00");
		String emoji = new String(Character.toChars(0x1F600));
		assertThat(CallerText.escape("ok " + emoji + " é")).isEqualTo("ok " + emoji + " é");
	}

	@Test
	void aBackslashIsEscapedSoAnEscapeCannotBeFaked() {
		assertThat(CallerText.escape("a\\nb")).isEqualTo("a\\\\nb");
		assertThat(CallerText.escape("a\nb")).isNotEqualTo(CallerText.escape("a\\nb"));
	}

	@Test
	void aLongValueIsCutInTheLogWithItsLength() {
		String megabyte = "x".repeat(1_000_000);
		String logged = CallerText.log(megabyte);
		assertThat(logged).hasSize(CallerText.LOG_LIMIT + "…[+999800 chars]".length()).endsWith("…[+999800 chars]");
		assertThat(CallerText.log(null)).isEqualTo("null");
		assertThat(CallerText.log("short")).isEqualTo("short");
	}

	@Test
	void aCutNeverSplitsAnEscapeOrASurrogatePair() {
		String value = "a".repeat(CallerText.LOG_LIMIT - 1) + "\n" + "b";
		assertThat(CallerText.log(value)).startsWith("a".repeat(CallerText.LOG_LIMIT - 1) + "…");
		String emoji = new String(Character.toChars(0x1F600));
		String pairs = "a".repeat(CallerText.LOG_LIMIT - 1) + emoji;
		assertThat(CallerText.log(pairs)).isEqualTo("a".repeat(CallerText.LOG_LIMIT - 1) + "…[+2 chars]");
	}

	@Test
	void aStoredValueKeepsAPrefixAndTheHashOfTheWhole() {
		String a = "n".repeat(300) + "A";
		String b = "n".repeat(300) + "B";
		String storedA = CallerText.stored(a, 200);
		assertThat(storedA).hasSize(200).startsWith("nnnn").endsWith("…[sha256:" + CallerText.sha256(a) + "]");
		assertThat(CallerText.stored(b, 200)).as("two long names sharing a prefix stay apart").isNotEqualTo(storedA);
		assertThat(CallerText.stored("short\u0000", 200)).isEqualTo("short\\0");
		assertThat(CallerText.stored(null, 200)).isNull();
		assertThat(CallerText.stored("\n".repeat(150), 200)).as("escaping can make a value too long")
			.hasSize(200)
			.contains("sha256:");
	}

	@Test
	void storableTellsWhetherAValueIsKeptAsItIs() {
		assertThat(CallerText.storable("folder_id", 64)).isTrue();
		assertThat(CallerText.storable("folder\nid", 64)).isFalse();
		assertThat(CallerText.storable("x".repeat(65), 64)).isFalse();
		assertThat(CallerText.storable(null, 64)).isTrue();
	}

	@Test
	void aSmallColumnKeepsAShorterHash() {
		String a = "x".repeat(100) + "A";
		assertThat(CallerText.stored(a, 64)).hasSize(64)
			.startsWith("xxxx")
			.endsWith("…[sha256:" + CallerText.sha256(a).substring(0, 16) + "]");
		assertThat(CallerText.stored("x".repeat(100) + "B", 64)).isNotEqualTo(CallerText.stored(a, 64));
	}

	@Test
	void aColumnTooSmallForTheMarkerIsAProgrammingError() {
		assertThatThrownBy(() -> CallerText.stored("x".repeat(100), 30)).isInstanceOf(IllegalArgumentException.class);
	}

}
