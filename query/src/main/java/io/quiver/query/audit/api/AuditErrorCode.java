package io.quiver.query.audit.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why an audit request was refused.
 */
public final class AuditErrorCode {

	/**
	 * The chain a checkpoint or proof would cover is broken (SPEC R10.11,
	 * {@link BrokenTrailException}): the trail's state, not the request, is at fault.
	 */
	public static final ErrorCode TRAIL_BROKEN = new ErrorCode("audit.trail-broken", Kind.CONFLICT);

	private AuditErrorCode() {
	}

}
