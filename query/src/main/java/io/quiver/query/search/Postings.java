package io.quiver.query.search;

import java.util.Arrays;

/**
 * The ordinals of the tools holding one token in one field, ascending, and the index's
 * one instance of that token. Mutated only under the index's external write lock; read
 * concurrently by searches.
 */
final class Postings {

	private final String term;

	private int[] ordinals = new int[2];

	private int size;

	Postings(String term) {
		this.term = term;
	}

	/**
	 * The token, as every tool holding it keeps it: one string per distinct token of the
	 * index rather than one per tool (docs/scale-out.md, memory).
	 */
	String term() {
		return this.term;
	}

	int size() {
		return this.size;
	}

	int get(int index) {
		return this.ordinals[index];
	}

	/**
	 * Where {@code ordinal} is, searching from {@code from}: its index if held, else
	 * {@code -(insertion point) - 1}, as {@link Arrays#binarySearch} answers.
	 */
	int find(int from, int ordinal) {
		return Arrays.binarySearch(this.ordinals, from, this.size, ordinal);
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
