package io.quiver.query.gate;

/**
 * A {@link CallStep} that is told its name and extent once, at construction.
 */
public abstract class AbstractCallStep implements CallStep {

	private final String name;

	private final Extent extent;

	protected AbstractCallStep(String name, Extent extent) {
		this.name = name;
		this.extent = extent;
	}

	@Override
	public final String name() {
		return this.name;
	}

	@Override
	public final Extent extent() {
		return this.extent;
	}

}
