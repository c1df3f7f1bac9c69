package io.quiver.edge.tool;

import java.util.List;

/**
 * A feature's control-plane tools; every feature's {@code …Tools} class is one.
 */
public interface ControlPlaneToolset {

	List<ControlPlaneTool> tools();

}
