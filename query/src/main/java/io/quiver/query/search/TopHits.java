package io.quiver.query.search;

import io.quiver.query.search.api.CodePoints;

/**
 * The best {@code limit} candidates of one search: higher score first, then advertised
 * name by code point (R6.6). A bounded heap whose root is the worst hit kept.
 */
final class TopHits {

	private final Scratch scratch;

	private final SemanticRecall.Names names;

	/** Per ordinal, its name's place in code point order; null to compare the names. */
	private final int[] nameOrder;

	private final int[] slots;

	private final double[] scores;

	private int size;

	/** After {@link #drain()}: the scores of the drained slots, in the same order. */
	double[] drainedScores;

	/**
	 * @param scratch the search's working memory, whose candidates the slots index
	 * @param names the advertised names of the tools, by ordinal
	 * @param nameOrder per ordinal, the place of its name in code point order among the
	 * indexed tools, or null: ties are then broken by comparing the names
	 */
	TopHits(int limit, Scratch scratch, SemanticRecall.Names names, int[] nameOrder) {
		this.scratch = scratch;
		this.names = names;
		this.nameOrder = nameOrder;
		this.slots = new int[limit];
		this.scores = new double[limit];
	}

	void offer(int slot, double score) {
		if (this.size < this.slots.length) {
			this.slots[this.size] = slot;
			this.scores[this.size] = score;
			siftUp(this.size++);
		}
		else if (ranksBelow(this.slots[0], this.scores[0], slot, score)) {
			this.slots[0] = slot;
			this.scores[0] = score;
			siftDown(0);
		}
	}

	/**
	 * Whether a candidate of this score, with the best tie-break, would be kept: false
	 * only when the heap is full of better scores.
	 */
	boolean couldEnter(double score) {
		return this.size < this.slots.length || score >= this.scores[0];
	}

	/** The kept slots, best first. */
	int[] drain() {
		int[] order = new int[this.size];
		this.drainedScores = new double[this.size];
		while (this.size > 0) {
			order[this.size - 1] = this.slots[0];
			this.drainedScores[this.size - 1] = this.scores[0];
			this.size--;
			this.slots[0] = this.slots[this.size];
			this.scores[0] = this.scores[this.size];
			siftDown(0);
		}
		return order;
	}

	private boolean ranksBelow(int slotA, double scoreA, int slotB, double scoreB) {
		if (scoreA != scoreB) {
			return scoreA < scoreB;
		}
		if (this.nameOrder != null) {
			return this.nameOrder[this.scratch.candidates[slotA]] > this.nameOrder[this.scratch.candidates[slotB]];
		}
		return CodePoints.compare(name(slotA), name(slotB)) > 0;
	}

	private String name(int slot) {
		return this.names.name(this.scratch.candidates[slot]);
	}

	private boolean below(int i, int j) {
		return ranksBelow(this.slots[i], this.scores[i], this.slots[j], this.scores[j]);
	}

	private void siftUp(int i) {
		while (i > 0) {
			int parent = (i - 1) / 2;
			if (!below(i, parent)) {
				return;
			}
			swap(i, parent);
			i = parent;
		}
	}

	private void siftDown(int i) {
		while (true) {
			int left = 2 * i + 1;
			int worst = i;
			if (left < this.size && below(left, worst)) {
				worst = left;
			}
			if (left + 1 < this.size && below(left + 1, worst)) {
				worst = left + 1;
			}
			if (worst == i) {
				return;
			}
			swap(i, worst);
			i = worst;
		}
	}

	private void swap(int i, int j) {
		int slot = this.slots[i];
		this.slots[i] = this.slots[j];
		this.slots[j] = slot;
		double score = this.scores[i];
		this.scores[i] = this.scores[j];
		this.scores[j] = score;
	}

}
