package io.quiver.command.member.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why a member command was refused.
 */
public enum MemberErrorCode implements ErrorCode {

	/** Another member of the organisation has this subject. */
	SUBJECT_TAKEN("member.subject-taken", Kind.CONFLICT),
	/**
	 * The change would leave the organisation without an active owner (SPEC: at least one
	 * OWNER remains).
	 */
	LAST_OWNER("member.last-owner", Kind.CONFLICT),
	/** The member was removed and accepts no further change. */
	MEMBER_REMOVED("member.removed", Kind.CONFLICT),
	/** Only an OWNER makes or removes another OWNER. */
	OWNER_REQUIRED("member.owner-required", Kind.FORBIDDEN);

	private final String code;

	private final Kind kind;

	MemberErrorCode(String code, Kind kind) {
		this.code = code;
		this.kind = kind;
	}

	@Override
	public String code() {
		return this.code;
	}

	@Override
	public Kind kind() {
		return this.kind;
	}

}
