package io.quiver.query.search;

import java.util.Locale;
import java.util.stream.Stream;

import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.6: ties break by advertised name in code point order, whatever the locale. */
class TieBreakTest {

	static Stream<Locale> locales() {
		return Stream.of(Locale.ROOT, Locale.forLanguageTag("tr-TR"), Locale.forLanguageTag("de-DE"));
	}

	@ParameterizedTest
	@MethodSource("locales")
	void tiesOrderByCodePointWhateverTheDefaultLocale(Locale locale) {
		inDefaultLocale(locale, () -> {
			SearchFixture fixture = tied("get_alerts", "Get_Page", "list_files", "list-files", "İndex_items");

			SearchResult result = fixture.search("tied");

			assertThat(SearchFixture.keys(result)).containsExactly("Get_Page", "get_alerts", "list-files", "list_files",
					"İndex_items");
			assertThat(result.hits()).extracting(SearchHit::score).containsOnly(result.hits().get(0).score());
		});
	}

	@ParameterizedTest
	@MethodSource("locales")
	void tieBreakDecidesWhichToolsSurviveTheLimit(Locale locale) {
		inDefaultLocale(locale, () -> {
			SearchFixture fixture = tied("list_files", "list-files", "get_alerts", "Get_Page");

			SearchResult result = fixture.index.search(new SearchRequest("tied", 2, fixture.all(), fixture.context));

			assertThat(SearchFixture.keys(result)).containsExactly("Get_Page", "get_alerts");
		});
	}

	/**
	 * Tools of one connector, added in this order, that all score the same on
	 * {@code tied}.
	 */
	private static SearchFixture tied(String... names) {
		SearchFixture fixture = new SearchFixture();
		for (String name : names) {
			fixture.tool(name, "acme", "Acme", "tied");
		}
		return fixture;
	}

	/**
	 * Runs {@code test} with {@code locale} as the JVM's default, restored afterwards.
	 */
	private static void inDefaultLocale(Locale locale, Runnable test) {
		Locale saved = Locale.getDefault();
		try {
			Locale.setDefault(locale);
			test.run();
		}
		finally {
			Locale.setDefault(saved);
		}
	}

}
