package io.quiver.query.search;

import io.quiver.query.search.QueryReader.AccountWords;
import io.quiver.query.search.QueryReader.Word;

import static io.quiver.query.search.SearchIndex.EXACT_NAME;

/**
 * What the words of a query matched in one search, read from the search's {@link Scratch}
 * once every term is collected: the tests by which a word is searched or set aside
 * (R6.9c, R6.13, docs/search.md, refinements 5 and 12) and by which plain words name an
 * account (R6.12).
 */
final class WordMatches {

	private WordMatches() {
	}

	/** Whether some token of a tentative word matched a visible tool (R6.9c). */
	static boolean matches(Word word, Scratch scratch) {
		for (int t : word.terms()) {
			if (scratch.df[t] > 0) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether some token of the word is an exact name token of a visible tool: only then
	 * is a word shaped like an identifier ({@code cus_NffrFeUfNV2Hib}) searched, even
	 * joined by underscores (R6.13).
	 */
	static boolean namesAnyTool(Word word, Scratch scratch) {
		for (int t : word.terms()) {
			if (scratch.maxDirect[t] >= EXACT_NAME) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether every token of a tentative word matched a visible tool: a word shaped like
	 * an address, a path or a dotted identifier is searched only then, since one common
	 * part ({@code com} of {@code jane@example.com}) matching some tool does not make it
	 * anything but an argument value (docs/search.md, refinement 5).
	 */
	static boolean matchesAll(Word word, Scratch scratch) {
		for (int t : word.terms()) {
			if (scratch.df[t] == 0) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether a hyphenated word is searched as its parts joined ({@code to-dos} as
	 * {@code todos}): if that reaches a visible tool's name (docs/search.md, refinement
	 * 12).
	 */
	static boolean compounded(Word word, Scratch scratch) {
		return word.compound() >= 0 && scratch.named[word.compound()];
	}

	/** The terms a word is searched by: its parts, or its parts joined. */
	static int[] searchedTerms(Word word, Scratch scratch) {
		return compounded(word, scratch) ? new int[] { word.compound() } : word.terms();
	}

	/**
	 * Whether a term matched some visible tool's name or connector: exactly, as the
	 * beginning or an inflection of a name token, as a near miss or through an
	 * equivalent; a name token that merely begins it ({@code for} of {@code forecast})
	 * does not count.
	 */
	static boolean reachesName(int t, Scratch scratch) {
		return scratch.named[t];
	}

	/**
	 * Whether the plain word before a connector ({@code hr} of {@code the hr notion})
	 * names an account rather than being an ordinary word of the request (R6.12): where
	 * the caller has several accounts of that connector, if it is no visible tool's name
	 * token (account labels are name tokens); where the caller has one, only if it
	 * matches no visible tool at all, the test R6.9c uses for an argument value.
	 */
	static boolean namesAccount(AccountWords words, Scratch scratch) {
		return words.severalAccounts() ? scratch.maxDirect[words.term()] < EXACT_NAME : scratch.df[words.term()] == 0;
	}

}
