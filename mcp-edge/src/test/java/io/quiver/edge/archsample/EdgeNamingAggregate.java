package io.quiver.edge.archsample;

import io.quiver.command.member.Member;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the edge naming an aggregate class.
 */
public class EdgeNamingAggregate {

	public Class<?> aggregate() {
		return Member.class;
	}

}
