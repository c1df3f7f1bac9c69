package io.quiver.command.member.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why a member command was refused.
 */
public final class MemberErrorCode {

	/** Another member of the organisation has this subject. */
	public static final ErrorCode SUBJECT_TAKEN = new ErrorCode("member.subject-taken", Kind.CONFLICT);

	/**
	 * The change would leave the organisation without an active owner (SPEC: at least one
	 * OWNER remains).
	 */
	public static final ErrorCode LAST_OWNER = new ErrorCode("member.last-owner", Kind.CONFLICT);

	/** The member was removed and accepts no further change. */
	public static final ErrorCode MEMBER_REMOVED = new ErrorCode("member.removed", Kind.CONFLICT);

	/** Only an OWNER makes or removes another OWNER. */
	public static final ErrorCode OWNER_REQUIRED = new ErrorCode("member.owner-required", Kind.FORBIDDEN);

	private MemberErrorCode() {
	}

}
