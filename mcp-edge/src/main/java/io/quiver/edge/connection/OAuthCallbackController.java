package io.quiver.edge.connection;

import java.util.Map;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.oauth.ConnectStates;
import io.quiver.edge.oauth.OAuthConnect;
import io.quiver.edge.oauth.OAuthFailure;
import io.quiver.query.connection.api.ConnectionSummary;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * Quiver's OAuth redirect URI, {@code {public-url}/oauth/connect/callback} (SPEC R4.5):
 * the provider sends the member's browser here with a code (or an error) and the state
 * Quiver issued. The state is consumed, the code exchanged, the grant stored; the member
 * sees a page that says what happened. A refused callback stores nothing.
 */
@RestController
class OAuthCallbackController {

	private final OAuthConnect oauth;

	private final ConnectionService connections;

	OAuthCallbackController(OAuthConnect oauth, ConnectionService connections) {
		this.oauth = oauth;
		this.connections = connections;
	}

	@GetMapping(path = OAuthConnect.CALLBACK_PATH, produces = MediaType.TEXT_HTML_VALUE)
	ResponseEntity<String> callback(@RequestParam Map<String, String> parameters) {
		try {
			OAuthConnect.Completed completed = this.oauth.complete(parameters);
			ConnectionSummary connection = this.connections.completeAuthorization(completed);
			return page(HttpStatus.OK, "connected", "Connected " + connection.label(), "Connection '"
					+ connection.label() + "' is authorized. Its tools work now; you can close this window.");
		}
		catch (ConnectStates.StateRefused ex) {
			return page(HttpStatus.BAD_REQUEST, "refused", "Not connected", ex.getMessage());
		}
		catch (OAuthFailure ex) {
			HttpStatus status = (ex.kind() == OAuthFailure.Kind.UNREACHABLE) ? HttpStatus.BAD_GATEWAY
					: HttpStatus.BAD_REQUEST;
			return page(status, "failed", "Not connected",
					ex.getMessage() + ". Nothing was stored; start again from quiver__connections__refresh or the "
							+ "console's Connections page.");
		}
		catch (CommandRejectedException ex) {
			return page(HttpStatus.CONFLICT, "failed", "Not connected", ex.getMessage());
		}
	}

	private static ResponseEntity<String> page(HttpStatus status, String id, String title, String text) {
		String html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
				+ HtmlUtils.htmlEscape(title) + " · Quiver</title></head><body><main id=\"" + id + "\"><h1>"
				+ HtmlUtils.htmlEscape(title) + "</h1><p id=\"message\">" + HtmlUtils.htmlEscape(text)
				+ "</p></main></body></html>";
		return ResponseEntity.status(status)
			.contentType(MediaType.TEXT_HTML)
			.header("Cache-Control", "no-store")
			.header("Referrer-Policy", "no-referrer")
			.body(html);
	}

}
