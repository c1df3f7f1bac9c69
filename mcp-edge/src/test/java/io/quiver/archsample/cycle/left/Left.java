package io.quiver.archsample.cycle.left;

import io.quiver.archsample.cycle.right.Right;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: one half of a package cycle.
 */
public class Left {

	public Right right() {
		return new Right();
	}

}
