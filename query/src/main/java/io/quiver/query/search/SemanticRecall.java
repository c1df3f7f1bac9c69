package io.quiver.query.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.quiver.query.search.api.CodePoints;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchHit;

/**
 * The semantic signal beside the lexical one (SPEC R6.15): one quantised sentence vector
 * per indexed tool, by ordinal, and the blend of a search's lexical hits with the
 * similarity of the query's vector to every visible tool's.
 * <p>
 * The blend (docs/search.md, "Semantic recall"): every tool the lexical floor kept comes
 * first, in lexical order (score, then name, R6.6); after them come the visible tools the
 * floor dropped whose similarity reaches the threshold, by similarity, then name. The
 * list is then cut to the limit. So the signal raises what the floor drops and never
 * reorders what it kept: where the lexical answer has a hit, the blend has the same hit
 * in the same place. It is consulted only after the refusals (an application or an
 * account the caller lacks, R6.9b–c, R6.12) have been decided, which it never overrides.
 * <p>
 * Same concurrency as {@link SearchIndex}: mutations under the caller's write lock,
 * blends concurrent with each other.
 */
final class SemanticRecall {

	/**
	 * The similarity a tool the lexical floor dropped must reach to be raised, calibrated
	 * on the tuning set (docs/search.md, "Semantic recall").
	 */
	static final double THRESHOLD = 0.52;

	/** How much of a description the tool's text keeps. */
	static final int DESCRIPTION_CHARS = 400;

	private final SentenceVectors vectors;

	private final double threshold;

	private byte[][] byOrdinal = new byte[16][];

	SemanticRecall(SentenceVectors vectors, double threshold) {
		this.vectors = vectors;
		this.threshold = threshold;
	}

	/**
	 * The text a tool is encoded from: its connector's label, its name's tokens and the
	 * beginning of its description.
	 */
	static String text(SearchDocument document) {
		String description = document.description();
		if (description.length() > DESCRIPTION_CHARS) {
			description = description.substring(0, DESCRIPTION_CHARS);
		}
		return document.connectorLabel() + ": " + String.join(" ", Tokens.of(document.name())) + ". " + description;
	}

	void put(int ordinal, SearchDocument document) {
		if (ordinal >= this.byOrdinal.length) {
			this.byOrdinal = Arrays.copyOf(this.byOrdinal, Math.max(ordinal + 1, this.byOrdinal.length * 2));
		}
		this.byOrdinal[ordinal] = this.vectors.tool(text(document));
	}

	void remove(int ordinal) {
		this.byOrdinal[ordinal] = null;
	}

	/** What the names and keys of ordinals are, and the ordinals of keys. */
	interface Names {

		String key(int ordinal);

		String name(int ordinal);

		int ordinal(String key);

	}

	/**
	 * The blended ranking: the lexical hits (those the floor kept, best first), then the
	 * other visible tools whose similarity reaches the threshold, at most {@code limit}.
	 * Empty if there is neither.
	 */
	List<SearchHit> blend(String query, List<SearchHit> lexical, BitSet visible, int limit, Names names) {
		byte[] q = this.vectors.query(query);
		Map<Integer, SearchHit> lexicalByOrdinal = new HashMap<>();
		BitSet lexicalOrdinals = new BitSet();
		for (SearchHit hit : lexical) {
			int ordinal = names.ordinal(hit.key());
			lexicalByOrdinal.put(ordinal, hit);
			lexicalOrdinals.set(ordinal);
		}
		// the threshold as an integer dot product, so that most tools cost one dot
		// product and one comparison
		int minimum = (int) Math.ceil(this.threshold * SentenceVectors.SCALE * SentenceVectors.SCALE);
		List<Row> rows = new ArrayList<>();
		int bound = Math.min(visible.length(), this.byOrdinal.length);
		for (int ordinal = visible.nextSetBit(0); ordinal >= 0
				&& ordinal < bound; ordinal = visible.nextSetBit(ordinal + 1)) {
			byte[] vector = this.byOrdinal[ordinal];
			if (vector == null) {
				continue;
			}
			int dot = SentenceVectors.dot(q, vector);
			boolean lexicalHit = lexicalOrdinals.get(ordinal);
			if (!lexicalHit && dot < minimum) {
				continue;
			}
			double similarity = dot / (double) (SentenceVectors.SCALE * SentenceVectors.SCALE);
			SearchHit hit = lexicalHit ? lexicalByOrdinal.get(ordinal) : null;
			rows.add(new Row(ordinal, names.name(ordinal), lexicalHit, lexicalHit ? hit.score() : 0, similarity,
					lexicalHit ? hit.matchedTerms() : List.of()));
		}
		rows.sort(SemanticRecall::compare);
		List<SearchHit> hits = new ArrayList<>(Math.min(limit, rows.size()));
		for (Row row : rows.subList(0, Math.min(limit, rows.size()))) {
			hits.add(new SearchHit(names.key(row.ordinal), row.lexical, row.matchedTerms, row.lexical, row.similarity));
		}
		return hits;
	}

	/**
	 * Lexical hits first, by lexical score; then the raised tools, by similarity; then
	 * name.
	 */
	private static int compare(Row a, Row b) {
		if (a.lexicalHit != b.lexicalHit) {
			return a.lexicalHit ? -1 : 1;
		}
		double ka = a.lexicalHit ? a.lexical : a.similarity;
		double kb = b.lexicalHit ? b.lexical : b.similarity;
		return (ka != kb) ? Double.compare(kb, ka) : CodePoints.compare(a.name, b.name);
	}

	private record Row(int ordinal, String name, boolean lexicalHit, double lexical, double similarity,
			List<String> matchedTerms) {
	}

}
