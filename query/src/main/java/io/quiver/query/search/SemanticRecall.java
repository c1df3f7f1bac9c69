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
 * The blend (docs/search.md, "The blend"): the candidates are the tools the lexical floor
 * kept and the visible tools whose similarity reaches the threshold; they are ordered by
 * reciprocal-rank fusion of their lexical rank and their similarity rank among the
 * visible tools, {@code 1/(K + lexical rank) + 1/(K + similarity rank)}, then name
 * (R6.6). Unless the lexical answer is weak (its first hit scores less than
 * {@value #WEAK} of a perfect score), its first hit stays first and its first
 * {@value #HEAD} stay among the first {@value #HEAD}: the similarity reorders and fills
 * below a confident lexical head and takes over only where the lexical answer is weak or
 * empty. It is consulted only after the refusals (an application or an account the caller
 * lacks, R6.9b–c, R6.12) have been decided, which it never overrides.
 * <p>
 * Same concurrency as {@link SearchIndex}: mutations under the caller's write lock,
 * blends concurrent with each other.
 */
final class SemanticRecall {

	/**
	 * The similarity a tool the lexical floor dropped must reach to be raised, calibrated
	 * on the tuning set (docs/search.md, "Calibration").
	 */
	static final double THRESHOLD = 0.42;

	/** The constant of reciprocal-rank fusion, its customary value. */
	static final int K = 60;

	/**
	 * Below this share of a perfect score the lexical answer is weak: its first hits are
	 * not kept in place.
	 */
	static final double WEAK = 0.2;

	/** How many of a confident lexical answer's first hits stay among the first. */
	static final int HEAD = 5;

	/**
	 * The dot product of two quantised unit vectors, at most about {@code SCALE²} in
	 * magnitude: rounding can take it a little past, so counts clamp to this.
	 */
	private static final int SPAN = SentenceVectors.SCALE * SentenceVectors.SCALE;

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
	 * The blended ranking of the lexical hits (those the floor kept, best first) and the
	 * other visible tools whose similarity reaches the threshold, at most {@code limit}.
	 * Empty if there is neither.
	 * @param strength the first lexical hit's score as a share of a perfect score
	 */
	List<SearchHit> blend(String query, List<SearchHit> lexical, double strength, BitSet visible, int limit,
			Names names) {
		byte[] q = this.vectors.query(query);
		Map<Integer, Integer> lexicalRanks = new HashMap<>();
		for (int i = 0; i < lexical.size(); i++) {
			lexicalRanks.put(names.ordinal(lexical.get(i).key()), i);
		}
		// the threshold as an integer dot product; every visible tool's dot product is
		// counted by value, so that a candidate's similarity rank is a suffix sum
		int minimum = (int) Math.ceil(this.threshold * SentenceVectors.SCALE * SentenceVectors.SCALE);
		int[] counts = new int[2 * SPAN + 1];
		List<Row> rows = new ArrayList<>();
		int bound = Math.min(visible.length(), this.byOrdinal.length);
		for (int ordinal = visible.nextSetBit(0); ordinal >= 0
				&& ordinal < bound; ordinal = visible.nextSetBit(ordinal + 1)) {
			byte[] vector = this.byOrdinal[ordinal];
			if (vector == null) {
				continue;
			}
			int dot = SentenceVectors.dot(q, vector);
			counts[bucket(dot)]++;
			Integer lexicalRank = lexicalRanks.get(ordinal);
			if (lexicalRank == null && dot < minimum) {
				continue;
			}
			SearchHit hit = (lexicalRank != null) ? lexical.get(lexicalRank) : null;
			rows.add(new Row(ordinal, names.name(ordinal), (lexicalRank != null) ? lexicalRank : -1,
					(hit != null) ? hit.score() : 0, dot, (hit != null) ? hit.matchedTerms() : List.of()));
		}
		// now counts[b]: how many visible tools are in buckets above b, i.e. more similar
		int above = 0;
		for (int b = counts.length - 1; b >= 0; b--) {
			int here = counts[b];
			counts[b] = above;
			above += here;
		}
		for (Row row : rows) {
			row.fused = 1.0 / (K + 1 + counts[bucket(row.dot)])
					+ ((row.lexicalRank >= 0) ? 1.0 / (K + 1 + row.lexicalRank) : 0);
		}
		rows.sort(SemanticRecall::compare);
		List<Row> ordered = (lexical.isEmpty() || strength < WEAK) ? rows : keepHead(rows, limit);
		List<SearchHit> hits = new ArrayList<>(Math.min(limit, ordered.size()));
		for (Row row : ordered.subList(0, Math.min(limit, ordered.size()))) {
			double similarity = row.dot / (double) (SentenceVectors.SCALE * SentenceVectors.SCALE);
			hits.add(new SearchHit(names.key(row.ordinal), row.lexical, row.matchedTerms, row.lexical, similarity));
		}
		return hits;
	}

	/**
	 * The first {@code limit} of the fused order with a confident lexical answer's head
	 * kept: its first hit first, its first {@link #HEAD} among the first {@link #HEAD},
	 * each where the fused order puts it unless that would leave too few places for the
	 * others.
	 */
	private static List<Row> keepHead(List<Row> fused, int limit) {
		List<Row> out = new ArrayList<>(limit);
		List<Row> rest = new ArrayList<>(fused.size());
		int pending = 0;
		for (Row row : fused) {
			if (row.lexicalRank == 0) {
				out.add(row);
			}
			else {
				rest.add(row);
				pending += head(row) ? 1 : 0;
			}
		}
		boolean[] taken = new boolean[rest.size()];
		int next = 0;
		while (out.size() < limit && next < rest.size()) {
			boolean headOnly = pending > 0 && pending >= HEAD - out.size();
			int pick = next;
			while (taken[pick] || (headOnly && !head(rest.get(pick)))) {
				pick++;
			}
			taken[pick] = true;
			out.add(rest.get(pick));
			pending -= head(rest.get(pick)) ? 1 : 0;
			while (next < rest.size() && taken[next]) {
				next++;
			}
		}
		return out;
	}

	/** The count bucket of a dot product: its value, clamped to ±{@link #SPAN}. */
	private static int bucket(int dot) {
		return Math.max(0, Math.min(2 * SPAN, dot + SPAN));
	}

	private static boolean head(Row row) {
		return row.lexicalRank > 0 && row.lexicalRank < HEAD;
	}

	/** Higher fused score first, then name (R6.6). */
	private static int compare(Row a, Row b) {
		return (a.fused != b.fused) ? Double.compare(b.fused, a.fused) : CodePoints.compare(a.name, b.name);
	}

	/**
	 * One candidate of a blend; {@code lexicalRank} is -1 for a tool the floor dropped.
	 */
	private static final class Row {

		final int ordinal;

		final String name;

		final int lexicalRank;

		final double lexical;

		final int dot;

		final List<String> matchedTerms;

		double fused;

		Row(int ordinal, String name, int lexicalRank, double lexical, int dot, List<String> matchedTerms) {
			this.ordinal = ordinal;
			this.name = name;
			this.lexicalRank = lexicalRank;
			this.lexical = lexical;
			this.dot = dot;
			this.matchedTerms = matchedTerms;
		}

	}

}
