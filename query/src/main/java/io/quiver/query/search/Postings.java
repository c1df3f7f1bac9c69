package io.quiver.query.search;

import java.util.Arrays;

/**
 * The ordinals of the tools holding one token in one field, ascending. Mutated only under
 * the index's external write lock; read concurrently by searches.
 */
final class Postings {

	private int[] ordinals = new int[2];

	private int size;

	int size() {
		return this.size;
	}

	int get(int index) {
		return this.ordinals[index];
	}

	void add(int ordinal) {
		int at = Arrays.binarySearch(this.ordinals, 0, this.size, ordinal);
		if (at >= 0) {
			return;
		}
		at = -at - 1;
		if (this.size == this.ordinals.length) {
			this.ordinals = Arrays.copyOf(this.ordinals, this.size * 2);
		}
		System.arraycopy(this.ordinals, at, this.ordinals, at + 1, this.size - at);
		this.ordinals[at] = ordinal;
		this.size++;
	}

	/** Removes {@code ordinal}; true if nothing is left. */
	boolean remove(int ordinal) {
		int at = Arrays.binarySearch(this.ordinals, 0, this.size, ordinal);
		if (at >= 0) {
			System.arraycopy(this.ordinals, at + 1, this.ordinals, at, this.size - at - 1);
			this.size--;
		}
		return this.size == 0;
	}

}
