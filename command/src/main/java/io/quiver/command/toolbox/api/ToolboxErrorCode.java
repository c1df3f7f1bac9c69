package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why a toolbox command was refused.
 */
public enum ToolboxErrorCode implements ErrorCode {

	/** The name is used by another toolbox, a connection label or an advertised tool. */
	NAME_TAKEN("toolbox.name-taken", Kind.CONFLICT),
	/** The name breaks the naming rule. */
	INVALID_NAME("toolbox.invalid-name", Kind.INVALID),
	/** The toolbox was deleted. */
	TOOLBOX_DELETED("toolbox.deleted", Kind.CONFLICT),
	/** The toolbox already has an entry with this id. */
	ENTRY_EXISTS("toolbox.entry-exists", Kind.CONFLICT),
	/** The toolbox has no such entry. */
	ENTRY_NOT_FOUND("toolbox.entry-not-found", Kind.NOT_FOUND),
	/**
	 * The entry names connections of another connector, unknown parameters or an unknown
	 * operation.
	 */
	INVALID_ENTRY("toolbox.invalid-entry", Kind.INVALID);

	private final String code;

	private final Kind kind;

	ToolboxErrorCode(String code, Kind kind) {
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
