package io.quiver.command.member.api;

import java.util.Locale;
import java.util.Objects;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;

/**
 * Whom a toolbox grant or a restriction addresses: every member of a role
 * ({@code role:MEMBER}) or one user, named by subject ({@code user:alice}). Users are
 * named by subject rather than member id so that the written form and the stored form are
 * the same.
 *
 * @param kind role or user
 * @param value the role name (upper case) or the subject
 */
public record Target(Kind kind, String value) {

	public Target {
		Objects.requireNonNull(kind, "kind");
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("a target needs a role or a subject");
		}
		if (kind == Kind.ROLE) {
			value = Role.valueOf(value.toUpperCase(Locale.ROOT)).name();
		}
		else if (value.length() > 255) {
			// the longest subject a member can have; only the length, so that events
			// written before this check still read
			throw new IllegalArgumentException("a target's subject is at most 255 characters");
		}
	}

	public static Target role(Role role) {
		return new Target(Kind.ROLE, role.name());
	}

	public static Target user(String subject) {
		return new Target(Kind.USER, subject);
	}

	/**
	 * Parses {@code role:MEMBER} or {@code user:alice}.
	 * @throws IllegalArgumentException with a message naming the accepted forms
	 */
	public static Target parse(String written) {
		if (written != null) {
			int colon = written.indexOf(':');
			if (colon > 0) {
				String prefix = written.substring(0, colon);
				String rest = written.substring(colon + 1);
				if (prefix.equals("role")) {
					try {
						return new Target(Kind.ROLE, rest);
					}
					catch (IllegalArgumentException ex) {
						throw new IllegalArgumentException(
								"unknown role '" + rest + "' in target; roles are " + Role.NAMES);
					}
				}
				if (prefix.equals("user") && !rest.isBlank()) {
					return new Target(Kind.USER, rest);
				}
			}
		}
		throw new IllegalArgumentException(
				"target '" + written + "' is not valid; write role:{ROLE} (e.g. role:MEMBER) or user:{subject}");
	}

	/**
	 * Parses a target a caller wrote, as {@link #parse} does.
	 * @throws CommandRejectedException {@code invalid-input} with {@link #parse}'s
	 * message
	 */
	public static Target parseInput(String written) {
		try {
			return parse(written);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
	}

	@Override
	public String toString() {
		return (this.kind == Kind.ROLE ? "role:" : "user:") + this.value;
	}

	public enum Kind {

		ROLE, USER

	}

}
