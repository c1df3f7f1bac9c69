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

	@Test
	void ordersUpperCaseAndHyphenFirst() {
		assertThat(CodePoints.compare("Get_Page", "get_alerts")).isNegative();
		assertThat(CodePoints.compare("list-files", "list_files")).isNegative();
		assertThat(CodePoints.compare("list", "list_files")).isNegative();
		assertThat(CodePoints.compare("same", "same")).isZero();
	}

}
