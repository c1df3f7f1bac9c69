package io.quiver.edge.console;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.ErrorCode;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Runs a form's action and answers with a redirect back to its page (post, redirect,
 * get), carrying a notice or the service's refusal as a flash message. A permission
 * refusal is not a form error: it propagates and is answered 403 by
 * {@link ConsoleAdvice}.
 */
final class Actions {

	private Actions() {
	}

	static String run(RedirectAttributes flash, String back, String notice, Runnable action) {
		try {
			action.run();
			flash.addFlashAttribute("notice", notice);
		}
		catch (CommandRejectedException ex) {
			if (ex.errorCode().kind() == ErrorCode.Kind.FORBIDDEN) {
				throw ex;
			}
			flash.addFlashAttribute("error", ex.getMessage());
		}
		return "redirect:" + back;
	}

}
