package io.quiver.command.shared;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.ErrorCode;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;

/**
 * Hamcrest matchers for refused commands, for {@code AggregateTestFixture}'s
 * {@code expectException(Matcher)}.
 */
public final class Refusals {

	private Refusals() {
	}

	/** A {@link CommandRejectedException} carrying the given error code. */
	public static Matcher<CommandRejectedException> rejectedWith(ErrorCode code) {
		return new TypeSafeMatcher<>() {

			@Override
			protected boolean matchesSafely(CommandRejectedException item) {
				return item.errorCode() == code;
			}

			@Override
			public void describeTo(Description description) {
				description.appendText("a CommandRejectedException with error code ").appendValue(code.code());
			}

			@Override
			protected void describeMismatchSafely(CommandRejectedException item, Description mismatch) {
				mismatch.appendText("had error code ")
					.appendValue((item.errorCode() != null) ? item.errorCode().code() : null)
					.appendText(" and message ")
					.appendValue(item.getMessage());
			}

		};
	}

}
