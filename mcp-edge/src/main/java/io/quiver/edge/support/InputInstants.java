package io.quiver.edge.support;

import java.time.Instant;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.query.support.Instants;

/**
 * An instant in a request (audit filters, restriction history, compliance as of a time):
 * ISO-8601, or {@code invalid-input} naming the expected form (SPEC R7.9: a 4xx, never a
 * 500).
 */
public final class InputInstants {

	private InputInstants() {
	}

	/**
	 * @param named how the refusal names it: the field, or the value itself
	 * @return the instant, or null when blank
	 */
	public static Instant instant(String written, String named) {
		try {
			return Instants.parse(written, named);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
	}

}
