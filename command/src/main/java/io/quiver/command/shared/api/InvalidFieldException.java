package io.quiver.command.shared.api;

/**
 * An {@code invalid-input} refusal of one named field of the input, so that an edge can
 * name it (the REST API's problem body carries it as {@code field}).
 */
public class InvalidFieldException extends CommandRejectedException {

	private final String field;

	public InvalidFieldException(String field, String message) {
		super(CommonErrorCode.INVALID_INPUT, message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
