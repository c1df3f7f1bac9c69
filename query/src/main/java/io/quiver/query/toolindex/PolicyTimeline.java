package io.quiver.query.toolindex;

import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.shared.api.OrganizationEvent;
import org.springframework.stereotype.Component;

/**
 * The validity interval of every event of every organisation, by organisation and
 * instant: the index that lets the compliance replay (SPEC R11.1) fold only the events
 * whose effect still shows at an instant instead of the whole store.
 * <p>
 * Each organisation event is a row {@code [stamped, superseded)}: its store position, its
 * timestamp, and the timestamp of the later event that overwrote everything it did to the
 * state (open while none has). The state as of {@code t} is the fold, in store order, of
 * the rows with {@code stamped <= t < superseded}: an event superseded at or before
 * {@code t} changed only what its superseder sets again, so leaving it out of the fold
 * changes nothing. Supersession is declared only where the fold proves it
 * ({@link #aspect}, {@link #closes}); every other event stays in every later fold.
 * <p>
 * Fed by {@link ToolIndexFeed} with every event it applies to the live state, so it is
 * rebuilt by the same replay of the store that rebuilds the live state on start, and is
 * as current as the live state after a request's catch-up; it is derived from the events
 * and never taken by hand. Events of one aggregate reach it in their sequence order (one
 * aggregate's events commit in order), which is all supersession needs; the timestamps
 * need not be monotonic. Costs 24 bytes per event and a map entry per open aspect.
 */
@Component
class PolicyTimeline {

	private final Map<String, OrgTimeline> organizations = new ConcurrentHashMap<>();

	/** Records one event, at its store position; called in the feed's order. */
	void record(OrganizationEvent event, long position, Instant stamped) {
		this.organizations.computeIfAbsent(event.orgId(), (id) -> new OrgTimeline())
			.record(position, nanos(stamped), aspect(event), closes(event));
	}

	/**
	 * The store positions, ascending, of the organisation's events whose effect shows as
	 * of {@code at}: stamped at or before it and not superseded by then; null when none
	 * of its events is stamped at or before it (the organisation did not exist then).
	 */
	long[] inForceAt(String orgId, Instant at) {
		OrgTimeline timeline = this.organizations.get(orgId);
		return (timeline != null) ? timeline.inForceAt(nanos(at)) : null;
	}

	/** Rows recorded for an organisation (for the heap figures of docs/BENCHMARKS.md). */
	int size(String orgId) {
		OrgTimeline timeline = this.organizations.get(orgId);
		return (timeline != null) ? timeline.size() : 0;
	}

	/**
	 * The part of the state an event sets in full, whatever came before: a later event of
	 * the same aspect supersedes it. {@link RestrictionFold} replaces a restriction's
	 * view by the rules an update carries (target and position unchanged: the position is
	 * the creation's, which is never superseded); {@link MemberFold} sets the status a
	 * suspension or reinstatement names and the role a role change names, each leaving
	 * every other field as it was.
	 */
	static String aspect(OrganizationEvent event) {
		if (event instanceof RestrictionUpdatedEvent e) {
			return "restriction-rules:" + e.restrictionId();
		}
		if (event instanceof MemberSuspendedEvent e) {
			return "member-status:" + e.memberId();
		}
		if (event instanceof MemberReinstatedEvent e) {
			return "member-status:" + e.memberId();
		}
		if (event instanceof MemberRoleChangedEvent e) {
			return "member-role:" + e.memberId();
		}
		return null;
	}

	/**
	 * The aspect an event overwrites: its own, or, for a deletion or removal (kept in
	 * every fold, as the creation is), the rules or status it discards or sets.
	 */
	static String closes(OrganizationEvent event) {
		if (event instanceof RestrictionDeletedEvent e) {
			return "restriction-rules:" + e.restrictionId();
		}
		if (event instanceof MemberRemovedEvent e) {
			return "member-status:" + e.memberId();
		}
		return aspect(event);
	}

	private static long nanos(Instant at) {
		return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
	}

	/** One organisation's rows, in feed order; guarded by its monitor. */
	private static final class OrgTimeline {

		private static final long OPEN = Long.MAX_VALUE;

		private long[] positions = new long[16];

		private long[] stamped = new long[16];

		private long[] superseded = new long[16];

		private int size;

		/** The open row of each aspect. */
		private final Map<String, Integer> open = new HashMap<>();

		synchronized void record(long position, long at, String aspect, String closes) {
			if (this.size == this.positions.length) {
				int grown = this.size * 2;
				this.positions = Arrays.copyOf(this.positions, grown);
				this.stamped = Arrays.copyOf(this.stamped, grown);
				this.superseded = Arrays.copyOf(this.superseded, grown);
			}
			if (closes != null) {
				Integer previous = this.open.remove(closes);
				if (previous != null) {
					this.superseded[previous] = at;
				}
			}
			int row = this.size++;
			this.positions[row] = position;
			this.stamped[row] = at;
			this.superseded[row] = OPEN;
			if (aspect != null) {
				this.open.put(aspect, row);
			}
		}

		synchronized long[] inForceAt(long at) {
			long[] found = new long[16];
			int count = 0;
			boolean existed = false;
			for (int row = 0; row < this.size; row++) {
				if (this.stamped[row] > at) {
					continue;
				}
				existed = true;
				if (this.superseded[row] > at) {
					if (count == found.length) {
						found = Arrays.copyOf(found, count * 2);
					}
					found[count++] = this.positions[row];
				}
			}
			if (!existed) {
				return null;
			}
			long[] positions = Arrays.copyOf(found, count);
			Arrays.sort(positions);
			return positions;
		}

		synchronized int size() {
			return this.size;
		}

	}

}
