package io.quiver.command.restriction;

import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.CreateRestrictionCommand;
import io.quiver.command.restriction.api.DeleteRestrictionCommand;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionErrorCode;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.restriction.api.UpdateRestrictionCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A restriction: allow and block rules for one role or one user (SPEC R8.1). Its items
 * arrive already pinned against the catalog (R8.6), so the rules it records are what they
 * meant when they were written.
 * <p>
 * Invariants:
 * <ul>
 * <li>it has a target, and its target never changes;</li>
 * <li>updating to the same rules emits nothing; a deleted restriction accepts no further
 * command;</li>
 * <li>every change records the rules before and after (R11.2).</li>
 * </ul>
 */
@Aggregate
public class Restriction {

	@AggregateIdentifier
	private String restrictionId;

	private String orgId;

	private Target target;

	private RestrictionRules rules;

	private boolean deleted;

	protected Restriction() {
	}

	@CommandHandler
	public Restriction(CreateRestrictionCommand command) {
		if (command.target() == null || command.rules() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"a restriction needs a target (role:{ROLE} or user:{subject}) and rules");
		}
		apply(new RestrictionCreatedEvent(command.orgId(), command.restrictionId(), command.target(), command.rules()));
	}

	@CommandHandler
	void handle(UpdateRestrictionCommand command) {
		requireLive(command.orgId());
		if (command.rules() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "an update needs rules");
		}
		if (!command.rules().equals(this.rules)) {
			apply(new RestrictionUpdatedEvent(this.orgId, this.restrictionId, this.target, this.rules,
					command.rules()));
		}
	}

	@CommandHandler
	void handle(DeleteRestrictionCommand command) {
		requireSameOrganization(command.orgId());
		if (!this.deleted) {
			apply(new RestrictionDeletedEvent(this.orgId, this.restrictionId, this.target, this.rules));
		}
	}

	private void requireLive(String orgId) {
		requireSameOrganization(orgId);
		if (this.deleted) {
			throw new CommandRejectedException(RestrictionErrorCode.RESTRICTION_DELETED,
					"restriction '" + this.restrictionId + "' was deleted; create a new one");
		}
	}

	private void requireSameOrganization(String orgId) {
		if (!this.orgId.equals(orgId)) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no restriction '" + this.restrictionId + "' in organisation '" + orgId + "'");
		}
	}

	@EventSourcingHandler
	void on(RestrictionCreatedEvent event) {
		this.restrictionId = event.restrictionId();
		this.orgId = event.orgId();
		this.target = event.target();
		this.rules = event.rules();
	}

	@EventSourcingHandler
	void on(RestrictionUpdatedEvent event) {
		this.rules = event.after();
	}

	@EventSourcingHandler
	void on(RestrictionDeletedEvent event) {
		this.deleted = true;
	}

}
