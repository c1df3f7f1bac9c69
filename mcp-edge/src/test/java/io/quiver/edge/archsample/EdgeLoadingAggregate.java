package io.quiver.edge.archsample;

import io.quiver.command.member.Member;
import org.axonframework.modelling.command.Repository;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the edge loading an aggregate through
 * an Axon repository instead of sending a command.
 */
public class EdgeLoadingAggregate {

	private final Repository<Member> members;

	public EdgeLoadingAggregate(Repository<Member> members) {
		this.members = members;
	}

	public Object load(String id) {
		return this.members.load(id);
	}

}
