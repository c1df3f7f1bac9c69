package io.quiver.query.toolindex;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.query.toolindex.api.RestrictionView;

/** The restrictions of an organisation, by id and by target (SPEC R8). */
final class RestrictionFold {

	private final Map<String, RestrictionView> restrictions = new LinkedHashMap<>();

	/** The restrictions of each target, for the resolver's layer lookup (R8.3). */
	private final Map<Target, Map<String, RestrictionView>> byTarget = new HashMap<>();

	void on(RestrictionCreatedEvent e) {
		put(new RestrictionView(e.restrictionId(), e.target(), e.rules()));
	}

	void on(RestrictionUpdatedEvent e) {
		put(new RestrictionView(e.restrictionId(), e.target(), e.after()));
	}

	void on(RestrictionDeletedEvent e) {
		RestrictionView removed = this.restrictions.remove(e.restrictionId());
		if (removed != null) {
			Map<String, RestrictionView> ofTarget = this.byTarget.get(removed.target());
			ofTarget.remove(e.restrictionId());
			if (ofTarget.isEmpty()) {
				this.byTarget.remove(removed.target());
			}
		}
	}

	RestrictionView get(String restrictionId) {
		return this.restrictions.get(restrictionId);
	}

	Collection<RestrictionView> all() {
		return this.restrictions.values();
	}

	List<RestrictionView> of(Target target) {
		Map<String, RestrictionView> ofTarget = this.byTarget.get(target);
		return (ofTarget != null) ? List.copyOf(ofTarget.values()) : List.of();
	}

	private void put(RestrictionView restriction) {
		this.restrictions.put(restriction.restrictionId(), restriction);
		this.byTarget.computeIfAbsent(restriction.target(), (target) -> new LinkedHashMap<>())
			.put(restriction.restrictionId(), restriction);
	}

}
