package io.quiver.command.shared.api;

/**
 * Thrown when a command (or the input that would become one) is refused. Carries an
 * {@link ErrorCode} from the feature's {@code api} and a message that tells the caller
 * what to do. A refused command writes no event.
 */
public class CommandRejectedException extends RuntimeException {

	private final ErrorCode errorCode;

	public CommandRejectedException(ErrorCode errorCode, String message) {
		super(message);
		this.errorCode = errorCode;
	}

	public ErrorCode errorCode() {
		return this.errorCode;
	}

}
