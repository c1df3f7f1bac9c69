package io.quiver.query.search;

import java.util.Arrays;

/**
 * The working memory of one search: which visible tools its tokens touched (candidates)
 * and each token's score on each of them. Taken from a pool for one search at a time and
 * reused, so that a search allocates in proportion to what it matches, not to the index.
 * <p>
 * {@code slotOf[ordinal]} is valid only while {@code stamp[ordinal] == epoch}; bumping
 * the epoch forgets every candidate without clearing the arrays.
 * <p>
 * What an offered score does depends on the {@link Mode}: a search over a small view
 * scores and counts in one pass ({@link Mode#ALL}); over a large one it counts first
 * ({@link Mode#COUNT}, or takes the counts from {@link ViewStatistics}), then scores the
 * terms that can still bring a tool into the answer ({@link Mode#SCORE}) and, for the
 * rest, only the tools already found ({@link Mode#SCORE_FOUND}).
 */
final class Scratch {

	/** What {@link #offer} does with a score. */
	enum Mode {

		/** Score and count: a candidate per tool, and each term's statistics. */
		ALL,

		/**
		 * Count only: each term's statistics ({@link #df}, {@link #maxDirect},
		 * {@link #maxAnchor}, {@link #maxValue}), no candidates.
		 */
		COUNT,

		/** Score only, a candidate per tool. */
		SCORE,

		/** Score only the tools that are already candidates. */
		SCORE_FOUND

	}

	private int[] stamp = new int[0];

	private int[] slotOf = new int[0];

	private int epoch;

	/** Candidate slot to ordinal. */
	int[] candidates = new int[64];

	int count;

	/** Candidate slot times term count plus term: that term's score on that tool. */
	float[] scores = new float[64];

	/** Per term: visible tools it scored on (R6.4). */
	int[] df = new int[8];

	/** Per term: best direct (not equivalent) score on any visible tool. */
	float[] maxDirect = new float[8];

	/**
	 * Per term: best score on any visible tool, equivalents included, leaving out prefix
	 * matches that are neither an inflection nor a compound of query words
	 * ({@code customer} on {@code custom}): what decides whether the term is anchored.
	 */
	float[] maxAnchor = new float[8];

	/**
	 * Per term: whether it reached a visible tool's name or connector other than through
	 * a name token that merely begins it (see {@code SearchIndex#scoreName}).
	 */
	boolean[] named = new boolean[8];

	/** Per term: best score on any visible tool, equivalents included. */
	float[] maxValue = new float[8];

	boolean equivalentPass;

	private Mode mode = Mode.ALL;

	/**
	 * In {@link Mode#SCORE_FOUND}: the candidates' ordinals, ascending, looked up in a
	 * term's long postings rather than walking them ({@link #probes}).
	 */
	private int[] found = new int[64];

	/**
	 * How many times longer than the candidates a term's postings must be for looking
	 * each candidate up in them (a binary search) to cost less than walking them.
	 */
	private static final int PROBE = 16;

	private int terms;

	private int term;

	/** Slots first reached by the current term's equivalents, scores still negative. */
	private int[] pending = new int[16];

	private int pendingCount;

	void reset(int capacity, int termCount) {
		if (this.stamp.length < capacity) {
			int size = Math.max(capacity, this.stamp.length * 2);
			this.stamp = Arrays.copyOf(this.stamp, size);
			this.slotOf = Arrays.copyOf(this.slotOf, size);
		}
		nextEpoch();
		this.terms = Math.max(1, termCount);
		this.count = 0;
		this.mode = Mode.ALL;
		if (this.df.length < termCount) {
			this.df = new int[termCount];
			this.maxDirect = new float[termCount];
			this.maxAnchor = new float[termCount];
			this.maxValue = new float[termCount];
			this.named = new boolean[termCount];
		}
		else {
			Arrays.fill(this.df, 0, termCount, 0);
			Arrays.fill(this.maxDirect, 0, termCount, 0f);
			Arrays.fill(this.maxAnchor, 0, termCount, 0f);
			Arrays.fill(this.maxValue, 0, termCount, 0f);
			Arrays.fill(this.named, 0, termCount, false);
		}
	}

	Mode mode() {
		return this.mode;
	}

	/**
	 * Sets what the next offers do. Entering {@link Mode#SCORE} forgets the candidates (a
	 * counting pass used the same marks), keeping each term's statistics.
	 */
	void mode(Mode mode) {
		if (mode == Mode.SCORE) {
			nextEpoch();
			this.count = 0;
		}
		if (mode == Mode.SCORE_FOUND) {
			if (this.found.length < this.count) {
				this.found = new int[Math.max(this.count, this.found.length * 2)];
			}
			System.arraycopy(this.candidates, 0, this.found, 0, this.count);
			Arrays.sort(this.found, 0, this.count);
		}
		this.mode = mode;
	}

	/**
	 * Whether postings of this size are better looked up for each candidate
	 * ({@link #offerFound}) than walked.
	 */
	boolean probes(int size) {
		return this.mode == Mode.SCORE_FOUND && size > PROBE * this.count;
	}

	/**
	 * The current term scores {@code value} on each candidate the postings hold (every
	 * candidate is a visible tool).
	 */
	void offerFound(Postings postings, float value) {
		int from = 0;
		for (int i = 0; i < this.count; i++) {
			int ordinal = this.found[i];
			int at = postings.find(from, ordinal);
			if (at >= 0) {
				keep(this.slotOf[ordinal] * this.terms + this.term, value);
				from = at + 1;
			}
			else {
				from = -at - 1;
				if (from == postings.size()) {
					return;
				}
			}
		}
	}

	private void nextEpoch() {
		if (++this.epoch == Integer.MAX_VALUE) {
			Arrays.fill(this.stamp, 0);
			this.epoch = 1;
		}
	}

	void startTerm(int t) {
		this.term = t;
		this.equivalentPass = false;
		this.pendingCount = 0;
		if (this.mode == Mode.COUNT) {
			// each term counts the tools it reaches afresh
			nextEpoch();
		}
	}

	/**
	 * The current term scores {@code value} on {@code ordinal}: kept if better than what
	 * it had; {@code anchors} says whether the match may anchor the term. In the
	 * equivalent pass, a tool the term did not match directly keeps its score negative
	 * until {@link #endEquivalents()}, so that df counts it once.
	 */
	void offer(int ordinal, float value, boolean anchors) {
		switch (this.mode) {
			case ALL -> offerAll(ordinal, value, anchors);
			case COUNT -> count(ordinal, value, anchors);
			case SCORE -> keep(slot(ordinal) * this.terms + this.term, value);
			case SCORE_FOUND -> {
				if (this.stamp[ordinal] == this.epoch) {
					keep(this.slotOf[ordinal] * this.terms + this.term, value);
				}
			}
		}
	}

	/** A score kept once the statistics are known: the best of the term's offers. */
	private void keep(int index, float value) {
		if (value > this.scores[index]) {
			this.scores[index] = value;
		}
	}

	/**
	 * Counts the tool for the current term once, whether it matched directly or through
	 * an equivalent, as {@link #offerAll} does.
	 */
	private void count(int ordinal, float value, boolean anchors) {
		if (this.stamp[ordinal] != this.epoch) {
			this.stamp[ordinal] = this.epoch;
			this.df[this.term]++;
		}
		if (anchors && value > this.maxAnchor[this.term]) {
			this.maxAnchor[this.term] = value;
		}
		if (!this.equivalentPass && value > this.maxDirect[this.term]) {
			this.maxDirect[this.term] = value;
		}
		if (value > this.maxValue[this.term]) {
			this.maxValue[this.term] = value;
		}
	}

	private void offerAll(int ordinal, float value, boolean anchors) {
		int index = slot(ordinal) * this.terms + this.term;
		if (value > this.maxValue[this.term]) {
			this.maxValue[this.term] = value;
		}
		float current = this.scores[index];
		if (anchors && value > this.maxAnchor[this.term]) {
			this.maxAnchor[this.term] = value;
		}
		if (!this.equivalentPass) {
			if (value > current) {
				if (current == 0) {
					this.df[this.term]++;
				}
				this.scores[index] = value;
			}
			if (value > this.maxDirect[this.term]) {
				this.maxDirect[this.term] = value;
			}
			return;
		}
		if (current > 0) {
			// matched directly (already counted in df): the better of the two scores
			if (value > current) {
				this.scores[index] = value;
			}
			return;
		}
		if (-current >= value) {
			return;
		}
		if (current == 0) {
			if (this.pendingCount == this.pending.length) {
				this.pending = Arrays.copyOf(this.pending, this.pendingCount * 2);
			}
			this.pending[this.pendingCount++] = index;
		}
		this.scores[index] = -value;
	}

	void endEquivalents() {
		this.equivalentPass = false;
		if (this.mode != Mode.ALL) {
			return;
		}
		for (int i = 0; i < this.pendingCount; i++) {
			int index = this.pending[i];
			this.scores[index] = -this.scores[index];
		}
		this.df[this.term] += this.pendingCount;
		this.pendingCount = 0;
	}

	private int slot(int ordinal) {
		if (this.stamp[ordinal] == this.epoch) {
			return this.slotOf[ordinal];
		}
		int slot = this.count++;
		if (slot == this.candidates.length) {
			this.candidates = Arrays.copyOf(this.candidates, slot * 2);
		}
		int needed = (slot + 1) * this.terms;
		if (needed > this.scores.length) {
			this.scores = Arrays.copyOf(this.scores, Math.max(needed, this.scores.length * 2));
		}
		Arrays.fill(this.scores, slot * this.terms, needed, 0f);
		this.candidates[slot] = ordinal;
		this.stamp[ordinal] = this.epoch;
		this.slotOf[ordinal] = slot;
		return slot;
	}

}
