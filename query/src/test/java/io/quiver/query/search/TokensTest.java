package io.quiver.query.search;

import java.util.Locale;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TokensTest {

	@Test
	void splitsOnEveryCharacterOutsideAsciiLettersAndDigits() {
		assertThat(Tokens.of("notion-legal__search_pages")).containsExactly("notion", "legal", "search", "pages");
		assertThat(Tokens.of("(frozen: folder_id=HR)")).containsExactly("frozen", "folder", "id", "hr");
		assertThat(Tokens.of("café/ünïcode 42")).containsExactly("caf", "n", "code", "42");
	}

	@Test
	void splitsOnLowerToUpperBoundariesOnly() {
		assertThat(Tokens.of("linear_getCycleById")).containsExactly("linear", "get", "cycle", "by", "id");
		assertThat(Tokens.of("HTTPServer")).containsExactly("httpserver");
		assertThat(Tokens.of("v2Files")).containsExactly("v2files");
	}

	@Test
	void lowerCasesTheSameWayWhateverTheDefaultLocale() {
		Locale saved = Locale.getDefault();
		try {
			Locale.setDefault(Locale.forLanguageTag("tr-TR"));
			assertThat(Tokens.of("LIST_ISSUES")).containsExactly("list", "issues");
		}
		finally {
			Locale.setDefault(saved);
		}
	}

	@Test
	void squashesApplicationNames() {
		assertThat(Tokens.squashed("Cal.com")).isEqualTo("calcom");
		assertThat(Tokens.squashed("cal-com")).isEqualTo("calcom");
	}

}
