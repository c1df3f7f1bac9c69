package io.quiver.query.gate;

import java.util.BitSet;
import java.util.List;

import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.toolindex.api.ConnectedTool;

/**
 * What one caller may see (SPEC R5.2, R5.3): the visible control-plane operations and
 * connected tools after role, scope and restriction filtering and merging, their count,
 * and whether the surface is collapsed.
 *
 * @param controlPlane visible control-plane operations, by tool name in code point order
 * @param connected visible connected tools (narrowed to the accounts the caller may
 * reach), by name in code point order
 * @param count control-plane operations plus connected tools
 * @param threshold the organisation's collapse threshold
 * @param collapsed count above threshold and at least one connected tool
 * @param visible ordinals of the visible connected tools in the organisation's search
 * index; read-only, as the whole surface: it is shared by the requests of one state
 * ({@link ToolSurface#of})
 */
public record CallerSurface(List<ControlPlaneOperation> controlPlane, List<ConnectedTool> connected, int count,
		int threshold, boolean collapsed, BitSet visible) {

	public static CallerSurface empty(int threshold) {
		return new CallerSurface(List.of(), List.of(), 0, threshold, false, new BitSet());
	}

	/**
	 * The key of what is derived from this very surface for one purpose, kept on the
	 * state beside it ({@code PolicySnapshot#derived}): equal only for this surface
	 * object and this purpose, never for an equal surface of another state.
	 */
	public Object derivedKey(Class<?> purpose) {
		return new DerivedKey(this, purpose);
	}

	/** The visible connected tool of this name, or null. */
	public ConnectedTool connectedTool(String name) {
		for (ConnectedTool tool : this.connected) {
			if (tool.name().equals(name)) {
				return tool;
			}
		}
		return null;
	}

	private static final class DerivedKey {

		private final CallerSurface surface;

		private final Class<?> purpose;

		DerivedKey(CallerSurface surface, Class<?> purpose) {
			this.surface = surface;
			this.purpose = purpose;
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof DerivedKey key && key.surface == this.surface && key.purpose == this.purpose;
		}

		@Override
		public int hashCode() {
			return 31 * System.identityHashCode(this.surface) + this.purpose.hashCode();
		}

	}

}
