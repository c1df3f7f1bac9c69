package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why a toolbox command was refused.
 */
public final class ToolboxErrorCode {

	/** The name is used by another toolbox, a connection label or an advertised tool. */
	public static final ErrorCode NAME_TAKEN = new ErrorCode("toolbox.name-taken", Kind.CONFLICT);

	/** The name breaks the naming rule. */
	public static final ErrorCode INVALID_NAME = new ErrorCode("toolbox.invalid-name", Kind.INVALID);

	/** The toolbox was deleted. */
	public static final ErrorCode TOOLBOX_DELETED = new ErrorCode("toolbox.deleted", Kind.CONFLICT);

	/** The toolbox already has an entry with this id. */
	public static final ErrorCode ENTRY_EXISTS = new ErrorCode("toolbox.entry-exists", Kind.CONFLICT);

	/** The toolbox has no such entry. */
	public static final ErrorCode ENTRY_NOT_FOUND = new ErrorCode("toolbox.entry-not-found", Kind.NOT_FOUND);

	/**
	 * The entry names connections of another connector, unknown parameters or an unknown
	 * operation.
	 */
	public static final ErrorCode INVALID_ENTRY = new ErrorCode("toolbox.invalid-entry", Kind.INVALID);

	private ToolboxErrorCode() {
	}

}
