package io.quiver.edge.security;

import java.util.Map;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import io.quiver.query.access.Scope;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /dev/token} of the local issuer:
 * {@code {"sub":"alice","org":"demo","scope":"mcp:read mcp:tools"}} answers
 * {@code {"access_token":…,"token_type":"Bearer","expires_in":…}}. Loopback callers only
 * (the socket's address, never a forwarded header: see {@link DevIssuer#answers}); 404
 * when the issuer is off. The JWKS is public at {@code /dev/jwks.json}.
 */
@RestController
class DevTokenController {

	private static final Pattern SUBJECT = Pattern.compile("[\\x21-\\x7E]{1,255}");

	private final DevIssuer issuer;

	DevTokenController(DevIssuer issuer) {
		this.issuer = issuer;
	}

	@PostMapping(path = "/dev/token", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> token(@RequestBody TokenRequest request, HttpServletRequest http) {
		if (!this.issuer.enabled()) {
			return ResponseEntity.status(HttpStatus.NOT_FOUND)
				.body(Map.of("error", "not_found", "error_description", "the local token issuer is off"));
		}
		if (!this.issuer.answers(http)) {
			return ResponseEntity.status(HttpStatus.FORBIDDEN)
				.body(Map.of("error", "access_denied", "error_description",
						"the local token issuer answers loopback callers only"));
		}
		if (request.sub() == null || !SUBJECT.matcher(request.sub()).matches()) {
			return ResponseEntity.badRequest()
				.body(Map.of("error", "invalid_request", "error_description",
						"sub is required: 1 to 255 visible ASCII characters"));
		}
		String scope = (request.scope() != null && !request.scope().isBlank()) ? request.scope().strip()
				: Scope.allWireNames();
		DevIssuer.IssuedToken token = this.issuer.issue(request.sub(), request.org(), scope);
		return ResponseEntity.ok(Map.of("access_token", token.accessToken(), "token_type", "Bearer", "expires_in",
				token.expiresIn(), "scope", scope));
	}

	@GetMapping(path = "/dev/jwks.json", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> jwks() {
		if (!this.issuer.enabled()) {
			return ResponseEntity.notFound().build();
		}
		return ResponseEntity.ok(this.issuer.publicKeys().toJSONObject(true));
	}

	/**
	 * The token request: subject, organisation (optional with a default organisation) and
	 * scopes (space separated; all four MCP scopes when absent).
	 */
	record TokenRequest(String sub, String org, String scope) {
	}

}
