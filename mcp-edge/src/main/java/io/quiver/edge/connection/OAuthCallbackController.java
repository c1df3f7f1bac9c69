package io.quiver.edge.connection;

import java.util.Map;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.oauth.ConnectStates;
import io.quiver.edge.oauth.OAuthConnect;
import io.quiver.edge.oauth.OAuthFailure;
import io.quiver.query.connection.api.ConnectionSummary;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * Quiver's start link and OAuth redirect URI (SPEC R4.5). The member opens
 * {@code {public-url}/oauth/connect/start?state=…}: that browser gets an HttpOnly,
 * SameSite=Lax cookie holding a nonce (Secure when the public URL is https; a link opens
 * once) and is sent on to the provider. The provider sends it back to
 * {@code {public-url}/oauth/connect/callback} with a code (or an error) and the state;
 * without the matching cookie the callback is refused, so a link forwarded to someone
 * else cannot attach their provider account to the member's connection. The state is
 * consumed, the code exchanged, the grant stored; the page names the connection and says
 * what happened. A refused callback stores nothing.
 */
@RestController
class OAuthCallbackController {

	private static final String COOKIE_PATH = "/oauth/connect";

	private final OAuthConnect oauth;

	private final ConnectionService connections;

	private final boolean secure;

	OAuthCallbackController(OAuthConnect oauth, ConnectionService connections, QuiverProperties properties) {
		this.oauth = oauth;
		this.connections = connections;
		this.secure = "https".equalsIgnoreCase(properties.publicUrl().getScheme());
	}

	@GetMapping(path = OAuthConnect.START_PATH, produces = MediaType.TEXT_HTML_VALUE)
	ResponseEntity<String> start(@RequestParam(name = "state", required = false) String state) {
		OAuthConnect.Opened opened;
		try {
			opened = this.oauth.open(state);
		}
		catch (ConnectStates.StateRefused ex) {
			return page(HttpStatus.BAD_REQUEST, "refused", "Not connected", ex.getMessage());
		}
		ResponseCookie cookie = ResponseCookie.from(opened.cookieName(), opened.nonce())
			.httpOnly(true)
			.secure(this.secure)
			.sameSite("Lax")
			.path(COOKIE_PATH)
			.maxAge(opened.ttl())
			.build();
		return ResponseEntity.status(HttpStatus.FOUND)
			.location(opened.authorizationUrl())
			.header(HttpHeaders.SET_COOKIE, cookie.toString())
			.header("Cache-Control", "no-store")
			.header("Referrer-Policy", "no-referrer")
			.build();
	}

	@GetMapping(path = OAuthConnect.CALLBACK_PATH, produces = MediaType.TEXT_HTML_VALUE)
	ResponseEntity<String> callback(@RequestParam Map<String, String> parameters, HttpServletRequest request) {
		String cookieName = OAuthConnect.cookieName(parameters.get("state"));
		ConnectStates.Pending pending;
		try {
			pending = this.oauth.accept(parameters, nonce(request, cookieName));
		}
		catch (ConnectStates.StateRefused ex) {
			return page(HttpStatus.BAD_REQUEST, "refused", "Not connected", ex.getMessage());
		}
		String label = this.connections.labelOf(pending);
		String subject = "Connection '" + label + "'";
		ResponseEntity<String> answer;
		try {
			ConnectionSummary connection = this.connections
				.completeAuthorization(this.oauth.exchange(pending, parameters));
			answer = page(HttpStatus.OK, "connected", "Connected " + connection.label(),
					subject + " is authorized. Its tools work now; you can close this window.");
		}
		catch (OAuthFailure ex) {
			HttpStatus status = (ex.kind() == OAuthFailure.Kind.UNREACHABLE) ? HttpStatus.BAD_GATEWAY
					: HttpStatus.BAD_REQUEST;
			answer = page(status, "failed", "Not connected: " + label,
					subject + " was not authorized: " + sentence(ex.getMessage())
							+ " Nothing was stored; start again from quiver__connections__refresh or the "
							+ "console's Connections page.");
		}
		catch (CommandRejectedException ex) {
			answer = page(HttpStatus.CONFLICT, "failed", "Not connected: " + label,
					subject + " was not authorized: " + sentence(ex.getMessage()));
		}
		ResponseCookie spent = ResponseCookie.from(cookieName, "")
			.httpOnly(true)
			.secure(this.secure)
			.sameSite("Lax")
			.path(COOKIE_PATH)
			.maxAge(0)
			.build();
		return ResponseEntity.status(answer.getStatusCode())
			.headers(answer.getHeaders())
			.header(HttpHeaders.SET_COOKIE, spent.toString())
			.body(answer.getBody());
	}

	private static String nonce(HttpServletRequest request, String name) {
		if (request.getCookies() == null) {
			return null;
		}
		for (Cookie cookie : request.getCookies()) {
			if (cookie.getName().equals(name)) {
				return cookie.getValue();
			}
		}
		return null;
	}

	/** A message as one sentence, ending in a single period. */
	private static String sentence(String message) {
		String text = message.strip();
		while (text.endsWith(".")) {
			text = text.substring(0, text.length() - 1);
		}
		return text + ".";
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
