package io.quiver.command.connection.vault;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.quiver.command.connection.api.CredentialType;

/**
 * A connection's secret as presented upstream (SPEC R13: credentials). Lives only in
 * memory and, encrypted, in the {@link CredentialVault}; never in an event, a log line or
 * a tool result. {@code toString()} of every variant hides the secret material, so an
 * accidental string concatenation cannot leak it.
 */
public sealed interface Credential permits Credential.Bearer, Credential.Header, Credential.Basic, Credential.OAuth {

	/** At most this many characters per secret value (token, header value, password). */
	int MAX_VALUE = 16_384;

	CredentialType type();

	/**
	 * The request headers that present this credential upstream, name to value.
	 */
	Map<String, String> httpHeaders();

	/**
	 * Every form of the secret a tool result must never show (R7.7): the raw values and
	 * the encodings an upstream might echo back.
	 */
	List<String> secretValues();

	/** Canonical form for the keyed fingerprint; not for display. */
	String canonical();

	/** {@code Authorization: Bearer <token>}. */
	record Bearer(String token) implements Credential {

		public Bearer {
			requireValue("token", token);
		}

		@Override
		public CredentialType type() {
			return CredentialType.BEARER;
		}

		@Override
		public Map<String, String> httpHeaders() {
			return Map.of("Authorization", "Bearer " + this.token);
		}

		@Override
		public List<String> secretValues() {
			return withEncodings(this.token);
		}

		@Override
		public String canonical() {
			return "bearer\u0000" + this.token;
		}

		@Override
		public String toString() {
			return "Bearer[token=****]";
		}

	}

	/** A named header carrying the secret, e.g. {@code X-Api-Key}. */
	record Header(String name, String value) implements Credential {

		/** RFC 9110 token characters. */
		private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}");

		/** Headers the HTTP client owns; a credential cannot be smuggled into them. */
		private static final Set<String> RESERVED = Set.of("host", "connection", "content-length", "content-type",
				"expect", "upgrade", "transfer-encoding", "te", "trailer", "keep-alive", "proxy-authorization",
				"accept", "mcp-session-id", "mcp-protocol-version");

		public Header {
			if (name == null || !TOKEN.matcher(name).matches() || RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
				throw new IllegalArgumentException("header credential needs a header name of letters, digits and "
						+ "'-' (e.g. X-Api-Key), other than the protocol headers");
			}
			requireValue("value", value);
		}

		@Override
		public CredentialType type() {
			return CredentialType.HEADER;
		}

		@Override
		public Map<String, String> httpHeaders() {
			return Map.of(this.name, this.value);
		}

		@Override
		public List<String> secretValues() {
			return withEncodings(this.value);
		}

		@Override
		public String canonical() {
			return "header\u0000" + this.name.toLowerCase(Locale.ROOT) + "\u0000" + this.value;
		}

		@Override
		public String toString() {
			return "Header[name=" + this.name + ", value=****]";
		}

	}

	/** {@code Authorization: Basic base64(username:password)}. */
	record Basic(String username, String password) implements Credential {

		public Basic {
			requireValue("username", username);
			if (username.indexOf(':') >= 0) {
				throw new IllegalArgumentException("a basic credential's username cannot contain ':'");
			}
			requireValue("password", password);
		}

		@Override
		public CredentialType type() {
			return CredentialType.BASIC;
		}

		@Override
		public Map<String, String> httpHeaders() {
			return Map.of("Authorization", "Basic " + blob());
		}

		@Override
		public List<String> secretValues() {
			List<String> values = new ArrayList<>(withEncodings(this.password));
			values.add(blob());
			return List.copyOf(values);
		}

		@Override
		public String canonical() {
			return "basic\u0000" + this.username + "\u0000" + this.password;
		}

		private String blob() {
			return Base64.getEncoder()
				.encodeToString((this.username + ":" + this.password).getBytes(StandardCharsets.UTF_8));
		}

		@Override
		public String toString() {
			return "Basic[username=" + this.username + ", password=****]";
		}

	}

	/**
	 * An OAuth grant (SPEC R4.5): presented as {@code Authorization: Bearer <access
	 * token>}; the refresh token renews it before {@code expiresAt}.
	 *
	 * @param accessToken the access token
	 * @param refreshToken the refresh token, or null when the provider issued none
	 * @param expiresAt when the access token expires, or null when the provider did not
	 * say
	 * @param scope the scopes granted, space-separated, or null
	 * @param issuer how to refresh and revoke the grant (the provider's endpoints, the
	 * client that obtained it, as JSON the edge writes and reads); no secret, the client
	 * secret is a vault ref
	 */
	record OAuth(String accessToken, String refreshToken, java.time.Instant expiresAt, String scope,
			String issuer) implements Credential {

		public OAuth {
			requireValue("access token", accessToken);
			if (refreshToken != null) {
				requireValue("refresh token", refreshToken);
			}
		}

		@Override
		public CredentialType type() {
			return CredentialType.OAUTH;
		}

		@Override
		public Map<String, String> httpHeaders() {
			return Map.of("Authorization", "Bearer " + this.accessToken);
		}

		@Override
		public List<String> secretValues() {
			List<String> values = new ArrayList<>(withEncodings(this.accessToken));
			if (this.refreshToken != null) {
				values.addAll(withEncodings(this.refreshToken));
			}
			return List.copyOf(values);
		}

		/**
		 * The grant as first stored: its fingerprint names the grant for as long as its
		 * tokens are refreshed in place.
		 */
		@Override
		public String canonical() {
			return "oauth\u0000" + this.accessToken;
		}

		/** The same grant with renewed tokens. */
		public OAuth renewed(String accessToken, String refreshToken, java.time.Instant expiresAt, String scope) {
			return new OAuth(accessToken, (refreshToken != null) ? refreshToken : this.refreshToken, expiresAt,
					(scope != null) ? scope : this.scope, this.issuer);
		}

		/** Whether the access token expires within {@code margin} of {@code now}. */
		public boolean expiresWithin(java.time.Duration margin, java.time.Instant now) {
			return this.expiresAt != null && !now.plus(margin).isBefore(this.expiresAt);
		}

		@Override
		public String toString() {
			return "OAuth[accessToken=****, refreshToken=" + ((this.refreshToken != null) ? "****" : "none")
					+ ", expiresAt=" + this.expiresAt + "]";
		}

	}

	/**
	 * A secret is sent in an HTTP header, so it is at most {@value #MAX_VALUE} characters
	 * (servers refuse larger headers: 8 to 16 KiB is the usual limit) and holds no line
	 * break or NUL.
	 */
	private static void requireValue(String what, String value) {
		if (value == null || value.isEmpty()) {
			throw new IllegalArgumentException("the credential's " + what + " is missing");
		}
		if (value.length() > MAX_VALUE) {
			throw new IllegalArgumentException(
					"the credential's " + what + " is longer than " + MAX_VALUE + " characters");
		}
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == '\r' || c == '\n') {
				throw new IllegalArgumentException("the credential's " + what + " contains a line break");
			}
			if (c == 0) {
				throw new IllegalArgumentException("the credential's " + what + " contains a NUL character");
			}
		}
	}

	/**
	 * The value and its URL-encoded forms (space as {@code +} and as {@code %20}), which
	 * an upstream may echo back.
	 */
	private static List<String> withEncodings(String value) {
		String form = URLEncoder.encode(value, StandardCharsets.UTF_8);
		String percent = form.replace("+", "%20");
		return List.copyOf(new java.util.LinkedHashSet<>(List.of(value, form, percent)));
	}

}
