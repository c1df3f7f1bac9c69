package io.quiver.query.search.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CodePointsTest {

	@Test
	void ordersByCodePointNotByUtf16Unit() {
		String supplementary = new String(Character.toChars(0x1F600));
		// "\uFF5E" is a single UTF-16 unit above the surrogates; U+1F600 is larger as a
		// code point
		assertThat("\uFF5E".compareTo(supplementary)).isPositive();
		assertThat(CodePoints.compare("\uFF5E", supplementary)).isNegative();
	}

	/**
	 * The order is by code point wherever the names first differ, after a shared prefix
	 * too: the quick comparison of UTF-16 units holds only away from surrogates.
	 */
	@Test
	void ordersByCodePointAfterASharedPrefix() {
		String grinning = new String(Character.toChars(0x1F600));
		String beaming = new String(Character.toChars(0x1F601));

		assertThat(CodePoints.compare("tool_\uFF5E", "tool_" + grinning)).isNegative();
		assertThat(CodePoints.compare("tool_" + grinning, "tool_\uFF5E")).isPositive();
		assertThat(CodePoints.compare("tool_" + grinning, "tool_" + beaming)).isNegative();
		assertThat(CodePoints.compare("tool_" + grinning + "a", "tool_" + grinning + "b")).isNegative();
		assertThat(CodePoints.compare("tool_ab", "tool_abc")).isNegative();
		assertThat(CodePoints.compare("tool_abc", "tool_ab")).isPositive();
	}

	@Test
	void ordersUpperCaseAndHyphenFirst() {
		assertThat(CodePoints.compare("Get_Page", "get_alerts")).isNegative();
		assertThat(CodePoints.compare("list-files", "list_files")).isNegative();
		assertThat(CodePoints.compare("list", "list_files")).isNegative();
		assertThat(CodePoints.compare("same", "same")).isZero();
	}

}
