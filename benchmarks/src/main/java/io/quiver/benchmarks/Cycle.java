package io.quiver.benchmarks;

import java.util.List;

/** A benchmark workload: its items in order, over and over. Not thread-safe. */
final class Cycle {

	private final String[] items;

	private int next;

	Cycle(List<String> items) {
		this.items = items.toArray(String[]::new);
	}

	String next() {
		String item = this.items[this.next];
		this.next = (this.next + 1) % this.items.length;
		return item;
	}

}
