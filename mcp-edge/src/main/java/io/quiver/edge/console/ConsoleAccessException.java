package io.quiver.edge.console;

/**
 * The signed-in subject may not use the console now: not a member of the organisation,
 * suspended or removed (SPEC R2.5), or a role that holds no permission (GUEST).
 */
class ConsoleAccessException extends RuntimeException {

	ConsoleAccessException(String message) {
		super(message);
	}

}
