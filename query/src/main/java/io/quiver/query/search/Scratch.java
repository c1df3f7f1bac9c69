package io.quiver.query.search;

import java.util.Arrays;

/**
 * The working memory of one search: which visible tools its tokens touched (candidates)
 * and each token's score on each of them. Taken from a pool for one search at a time and
 * reused, so that a search allocates in proportion to what it matches, not to the index.
 * <p>
 * {@code slotOf[ordinal]} is valid only while {@code stamp[ordinal] == epoch}; bumping
 * the epoch forgets every candidate without clearing the arrays.
 */
final class Scratch {

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

	boolean equivalentPass;

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
		if (++this.epoch == Integer.MAX_VALUE) {
			Arrays.fill(this.stamp, 0);
			this.epoch = 1;
		}
		this.terms = Math.max(1, termCount);
		this.count = 0;
		if (this.df.length < termCount) {
			this.df = new int[termCount];
			this.maxDirect = new float[termCount];
			this.maxAnchor = new float[termCount];
			this.named = new boolean[termCount];
		}
		else {
			Arrays.fill(this.df, 0, termCount, 0);
			Arrays.fill(this.maxDirect, 0, termCount, 0f);
			Arrays.fill(this.maxAnchor, 0, termCount, 0f);
			Arrays.fill(this.named, 0, termCount, false);
		}
	}

	/** The term being scored. */
	int term() {
		return this.term;
	}

	void startTerm(int t) {
		this.term = t;
		this.equivalentPass = false;
		this.pendingCount = 0;
	}

	/**
	 * The current term scores {@code value} on {@code ordinal}: kept if better than what
	 * it had; {@code anchors} says whether the match may anchor the term. In the
	 * equivalent pass, a tool the term did not match directly keeps its score negative
	 * until {@link #endEquivalents()}, so that df counts it once.
	 */
	void offer(int ordinal, float value, boolean anchors) {
		int index = slot(ordinal) * this.terms + this.term;
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
		for (int i = 0; i < this.pendingCount; i++) {
			int index = this.pending[i];
			this.scores[index] = -this.scores[index];
		}
		this.df[this.term] += this.pendingCount;
		this.pendingCount = 0;
		this.equivalentPass = false;
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
