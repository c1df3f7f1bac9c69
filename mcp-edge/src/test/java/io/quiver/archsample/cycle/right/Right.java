package io.quiver.archsample.cycle.right;

import io.quiver.archsample.cycle.left.Left;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the other half of a package cycle.
 */
public class Right {

	public Left left() {
		return new Left();
	}

}
