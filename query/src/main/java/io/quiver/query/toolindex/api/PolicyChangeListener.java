package io.quiver.query.toolindex.api;

import java.util.Set;

/**
 * Told when this node's policy state moved: after a catch-up applied events, with the
 * organisations they belong to (SPEC R12.6). Called on the thread that caught up, outside
 * any lock; an implementation hands the work off and returns at once.
 */
@FunctionalInterface
public interface PolicyChangeListener {

	void changed(Set<String> orgIds);

}
