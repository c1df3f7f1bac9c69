package io.quiver.edge.signin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.client.api.ConsentRevocation;
import io.quiver.edge.client.ClientActivity;
import io.quiver.edge.console.ConsolePrincipal;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.OAuth2Token;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spring Authorization Server's authorization store, keeping codes and tokens only as
 * SHA-256 hashes (SPEC R14.1). SAS's own {@code JdbcOAuth2AuthorizationService} stores
 * them in clear (and the principal and request as serialised Java objects); this one
 * stores the hash of every code, state and token, the authorization request's fields as
 * JSON, and the principal's organisation, subject and sign-in method.
 * <p>
 * A token is found by the hash of the value presented; the authorization handed back
 * carries that value, and placeholders ({@code {sha256}…}) for the tokens not presented,
 * which are never sent anywhere. Codes and tokens are 256 bits or more of randomness (or
 * a signed JWT), so an unsalted SHA-256 is enough: nobody can guess a value from its
 * hash.
 * <p>
 * Refresh tokens (the family of an authorization) live in {@code oauth_refresh_token}: a
 * rotated token keeps its row. Presented again within {@code refresh-grace} of its
 * rotation it is honoured (concurrent sessions of one client present the same token at
 * once); after that the whole family is revoked: every token of it is invalidated here,
 * and the consent revoked by an event, so its access tokens fail on the next request
 * (R14.5, R9). A token invalidated by the revocation endpoint (RFC 7009) or by a replayed
 * code ends the consent likewise.
 */
public class HashedAuthorizationService implements OAuth2AuthorizationService, ClientActivity {

	static final OAuth2TokenType STATE = new OAuth2TokenType(OAuth2ParameterNames.STATE);

	/** Carries, from a lookup to the save that follows it, what was looked up. */
	static final String LOOKUP = HashedAuthorizationService.class.getName() + ".lookup";

	private static final String PLACEHOLDER = "{sha256}";

	private static final String CODE_REPLAY = "code-replay";

	private static final ObjectMapper JSON = new ObjectMapper();

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final Duration grace;

	private final Clock clock;

	private final Consumer<Revocation> revocations;

	/**
	 * @param revocations told when a family is revoked here (reuse, RFC 7009, replay), to
	 * revoke its consent by an event
	 */
	HashedAuthorizationService(JdbcTemplate jdbc, TransactionTemplate transactions, Duration grace, Clock clock,
			Consumer<Revocation> revocations) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.grace = grace;
		this.clock = clock;
		this.revocations = revocations;
	}

	/** A family ended in the store, to be ended in the events too. */
	record Revocation(String orgId, String authorizationId, ConsentRevocation reason) {
	}

	@Override
	public void save(OAuth2Authorization authorization) {
		Map<String, Object> attributes = authorization.getAttributes();
		Object lookup = attributes.get(LOOKUP);
		Authentication principal = (Authentication) attributes.get(Principal.class.getName());
		if (!(principal != null && principal.getPrincipal() instanceof ConsolePrincipal member)) {
			throw new IllegalArgumentException("an authorization's principal is a signed-in member");
		}
		OAuth2AuthorizationRequest request = (OAuth2AuthorizationRequest) attributes
			.get(OAuth2AuthorizationRequest.class.getName());
		OAuth2Authorization.Token<OAuth2AuthorizationCode> code = authorization.getToken(OAuth2AuthorizationCode.class);
		OAuth2Authorization.Token<OAuth2AccessToken> access = authorization.getAccessToken();
		OAuth2Authorization.Token<OAuth2RefreshToken> refresh = authorization.getRefreshToken();
		Instant now = this.clock.instant();
		boolean[] newlyInvalidated = { false };
		this.transactions.executeWithoutResult((status) -> {
			Row before = row(authorization.getId());
			Object state = attributes.get(OAuth2ParameterNames.STATE);
			Object[] values = { authorization.getRegisteredClientId(), member.orgId(), member.subject(),
					authorization.getPrincipalName(), member.method(),
					authorization.getAuthorizationGrantType().getValue(), scopes(authorization.getAuthorizedScopes()),
					requestJson(request), (state != null) ? hash(state.toString()) : null,
					(code != null) ? hash(code.getToken().getTokenValue()) : null, time(code, true), time(code, false),
					code != null && code.isInvalidated(),
					(access != null) ? hash(access.getToken().getTokenValue()) : null, time(access, true),
					time(access, false), (access != null) ? scopes(access.getToken().getScopes()) : null,
					access != null && access.isInvalidated(), utc(now) };
			if (before == null) {
				this.jdbc.update("""
						INSERT INTO oauth_authorization (registered_client_id, org_id, subject, principal_name,
						    sign_in_method, grant_type, authorized_scopes, request_json, state_hash, code_hash,
						    code_issued_at, code_expires_at, code_invalidated, access_hash, access_issued_at,
						    access_expires_at, access_scopes, access_invalidated, last_used_at, created_at, id)
						VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
						append(values, utc(now), authorization.getId()));
			}
			else {
				this.jdbc.update("""
						UPDATE oauth_authorization SET registered_client_id = ?, org_id = ?, subject = ?,
						    principal_name = ?, sign_in_method = ?, grant_type = ?, authorized_scopes = ?,
						    request_json = ?, state_hash = ?, code_hash = ?, code_issued_at = ?, code_expires_at = ?,
						    code_invalidated = ?, access_hash = ?, access_issued_at = ?, access_expires_at = ?,
						    access_scopes = ?, access_invalidated = ?, last_used_at = ? WHERE id = ?""",
						append(values, authorization.getId()));
			}
			if (refresh != null) {
				saveRefresh(authorization.getId(), refresh, lookup, now);
			}
			boolean accessEnded = access != null && access.isInvalidated()
					&& (before == null || !before.accessInvalidated);
			boolean refreshEnded = refresh != null && refresh.isInvalidated();
			if (accessEnded || refreshEnded) {
				this.jdbc.update("UPDATE oauth_refresh_token SET invalidated = TRUE WHERE authorization_id = ?",
						authorization.getId());
				this.jdbc.update("UPDATE oauth_authorization SET access_invalidated = TRUE WHERE id = ?",
						authorization.getId());
				newlyInvalidated[0] = before == null || !before.familyInvalidated;
			}
		});
		if (newlyInvalidated[0]) {
			this.revocations.accept(new Revocation(member.orgId(), authorization.getId(),
					CODE_REPLAY.equals(lookup) ? ConsentRevocation.CODE_REPLAYED : ConsentRevocation.TOKEN_REVOKED));
		}
	}

	private void saveRefresh(String authorizationId, OAuth2Authorization.Token<OAuth2RefreshToken> refresh,
			Object lookup, Instant now) {
		String value = refresh.getToken().getTokenValue();
		String hash = hash(value);
		Integer known = this.jdbc.queryForObject("SELECT COUNT(*) FROM oauth_refresh_token WHERE token_hash = ?",
				Integer.class, hash);
		if (known == null || known == 0) {
			this.jdbc.update(
					"INSERT INTO oauth_refresh_token (token_hash, authorization_id, issued_at, expires_at, invalidated) "
							+ "VALUES (?, ?, ?, ?, FALSE)",
					hash, authorizationId, utc(refresh.getToken().getIssuedAt()),
					utc(refresh.getToken().getExpiresAt()));
		}
		if (lookup instanceof String presented && presented.startsWith("refresh:")
				&& !presented.substring(8).equals(hash)) {
			// The presented token was rotated: it keeps its row, marked, for reuse
			// detection.
			this.jdbc.update(
					"UPDATE oauth_refresh_token SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL",
					utc(now), presented.substring(8));
		}
	}

	@Override
	public void remove(OAuth2Authorization authorization) {
		this.transactions.executeWithoutResult((status) -> {
			this.jdbc.update("DELETE FROM oauth_refresh_token WHERE authorization_id = ?", authorization.getId());
			this.jdbc.update("DELETE FROM oauth_authorization WHERE id = ?", authorization.getId());
		});
	}

	@Override
	public OAuth2Authorization findById(String id) {
		Row row = row(id);
		return (row != null) ? row.toAuthorization(null, null, null).build() : null;
	}

	@Override
	public OAuth2Authorization findByToken(String token, OAuth2TokenType tokenType) {
		if (token == null || token.isEmpty()) {
			return null;
		}
		if (tokenType == null) {
			for (OAuth2TokenType type : List.of(OAuth2TokenType.ACCESS_TOKEN, OAuth2TokenType.REFRESH_TOKEN,
					new OAuth2TokenType(OAuth2ParameterNames.CODE), STATE)) {
				OAuth2Authorization found = findByToken(token, type);
				if (found != null) {
					return found;
				}
			}
			return null;
		}
		String hash = hash(token);
		return switch (tokenType.getValue()) {
			case OAuth2ParameterNames.STATE ->
				one("state_hash", hash, (row) -> row.toAuthorization(token, null, null).build());
			case OAuth2ParameterNames.CODE ->
				one("code_hash", hash, (row) -> row.toAuthorization(null, token, null).build());
			case OAuth2ParameterNames.ACCESS_TOKEN ->
				one("access_hash", hash, (row) -> row.toAuthorization(null, null, null).withAccess(token));
			case OAuth2ParameterNames.REFRESH_TOKEN -> findByRefreshToken(token, hash);
			default -> null;
		};
	}

	private OAuth2Authorization findByRefreshToken(String token, String hash) {
		List<RefreshRow> rows = this.jdbc.query(
				"SELECT authorization_id, issued_at, expires_at, rotated_at, invalidated FROM oauth_refresh_token "
						+ "WHERE token_hash = ?",
				(rs, n) -> new RefreshRow(rs.getString(1), instant(rs, 2), instant(rs, 3), instant(rs, 4),
						rs.getBoolean(5)),
				hash);
		if (rows.isEmpty() || rows.get(0).invalidated()) {
			return null;
		}
		RefreshRow refresh = rows.get(0);
		Row row = row(refresh.authorizationId());
		if (row == null) {
			return null;
		}
		if (refresh.rotatedAt() != null && refresh.rotatedAt().plus(this.grace).isBefore(this.clock.instant())) {
			revokeFamily(row, ConsentRevocation.REFRESH_TOKEN_REUSED);
			return null;
		}
		return row.toAuthorization(null, null, new OAuth2RefreshToken(token, refresh.issuedAt(), refresh.expiresAt()))
			.withLookup("refresh:" + hash);
	}

	private void revokeFamily(Row row, ConsentRevocation reason) {
		this.transactions.executeWithoutResult((status) -> {
			this.jdbc.update("UPDATE oauth_refresh_token SET invalidated = TRUE WHERE authorization_id = ?", row.id);
			this.jdbc.update("UPDATE oauth_authorization SET access_invalidated = TRUE WHERE id = ?", row.id);
		});
		this.revocations.accept(new Revocation(row.orgId, row.id, reason));
	}

	/**
	 * When each authorization of an organisation was last used (a token issued), by id.
	 */
	public Map<String, Instant> lastUsed(String orgId) {
		Map<String, Instant> used = new LinkedHashMap<>();
		this.jdbc.query("SELECT id, last_used_at FROM oauth_authorization WHERE org_id = ?", (rs) -> {
			used.put(rs.getString(1), instant(rs, 2));
		}, orgId);
		return used;
	}

	private OAuth2Authorization one(String column, String hash,
			java.util.function.Function<Row, OAuth2Authorization> build) {
		List<Row> rows = this.jdbc.query("SELECT * FROM oauth_authorization WHERE " + column + " = ?", Row::read, hash);
		return rows.isEmpty() ? null : build.apply(rows.get(0));
	}

	private Row row(String id) {
		List<Row> rows = this.jdbc.query("SELECT * FROM oauth_authorization WHERE id = ?", Row::read, id);
		return rows.isEmpty() ? null : rows.get(0);
	}

	/** The hash kept instead of a code or token: SHA-256, hex. */
	static String hash(String value) {
		if (value.startsWith(PLACEHOLDER)) {
			return value.substring(PLACEHOLDER.length());
		}
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is not available in this JVM", ex);
		}
	}

	private static String scopes(Set<String> scopes) {
		return (scopes == null || scopes.isEmpty()) ? null : String.join(" ", scopes);
	}

	private static Set<String> scopeSet(String scopes) {
		return (scopes == null || scopes.isBlank()) ? Set.of() : new LinkedHashSet<>(Arrays.asList(scopes.split(" ")));
	}

	private static OffsetDateTime time(OAuth2Authorization.Token<? extends OAuth2Token> token, boolean issued) {
		if (token == null) {
			return null;
		}
		return utc(issued ? token.getToken().getIssuedAt() : token.getToken().getExpiresAt());
	}

	private static OffsetDateTime utc(Instant instant) {
		return (instant != null) ? OffsetDateTime.ofInstant(instant, ZoneOffset.UTC) : null;
	}

	private static Instant instant(ResultSet rs, int column) throws SQLException {
		OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
		return (value != null) ? value.toInstant() : null;
	}

	private static Instant instant(ResultSet rs, String column) throws SQLException {
		OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
		return (value != null) ? value.toInstant() : null;
	}

	private static Object[] append(Object[] values, Object... more) {
		Object[] all = Arrays.copyOf(values, values.length + more.length);
		System.arraycopy(more, 0, all, values.length, more.length);
		return all;
	}

	private static String requestJson(OAuth2AuthorizationRequest request) {
		ObjectNode node = JSON.createObjectNode();
		if (request != null) {
			node.put("authorizationUri", request.getAuthorizationUri());
			node.put("clientId", request.getClientId());
			node.put("redirectUri", request.getRedirectUri());
			node.put("state", request.getState());
			request.getScopes().forEach(node.withArray("scopes")::add);
			ObjectNode additional = node.putObject("additional");
			request.getAdditionalParameters().forEach((key, value) -> {
				if (value instanceof String text) {
					additional.put(key, text);
				}
			});
		}
		return node.toString();
	}

	private static OAuth2AuthorizationRequest request(String json) {
		try {
			JsonNode node = JSON.readTree(json);
			if (!node.has("clientId")) {
				return null;
			}
			Set<String> scopes = new LinkedHashSet<>();
			node.path("scopes").forEach((scope) -> scopes.add(scope.asText()));
			Map<String, Object> additional = new LinkedHashMap<>();
			node.path("additional").fields().forEachRemaining((e) -> additional.put(e.getKey(), e.getValue().asText()));
			return OAuth2AuthorizationRequest.authorizationCode()
				.authorizationUri(node.path("authorizationUri").asText())
				.clientId(node.path("clientId").asText())
				.redirectUri(node.path("redirectUri").isNull() ? null : node.path("redirectUri").asText(null))
				.state(node.path("state").isNull() ? null : node.path("state").asText(null))
				.scopes(scopes)
				.additionalParameters(additional)
				.build();
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("oauth_authorization.request_json is not JSON", ex);
		}
	}

	private record RefreshRow(String authorizationId, Instant issuedAt, Instant expiresAt, Instant rotatedAt,
			boolean invalidated) {
	}

	/** One row of {@code oauth_authorization}. */
	private static final class Row {

		String id;

		String clientId;

		String orgId;

		String subject;

		String principalName;

		String method;

		String grantType;

		String authorizedScopes;

		String request;

		String stateHash;

		String codeHash;

		Instant codeIssued;

		Instant codeExpires;

		boolean codeInvalidated;

		String accessHash;

		Instant accessIssued;

		Instant accessExpires;

		String accessScopes;

		boolean accessInvalidated;

		boolean familyInvalidated;

		static Row read(ResultSet rs, int n) throws SQLException {
			Row row = new Row();
			row.id = rs.getString("id");
			row.clientId = rs.getString("registered_client_id");
			row.orgId = rs.getString("org_id");
			row.subject = rs.getString("subject");
			row.principalName = rs.getString("principal_name");
			row.method = rs.getString("sign_in_method");
			row.grantType = rs.getString("grant_type");
			row.authorizedScopes = rs.getString("authorized_scopes");
			row.request = rs.getString("request_json");
			row.stateHash = rs.getString("state_hash");
			row.codeHash = rs.getString("code_hash");
			row.codeIssued = instant(rs, "code_issued_at");
			row.codeExpires = instant(rs, "code_expires_at");
			row.codeInvalidated = rs.getBoolean("code_invalidated");
			row.accessHash = rs.getString("access_hash");
			row.accessIssued = instant(rs, "access_issued_at");
			row.accessExpires = instant(rs, "access_expires_at");
			row.accessScopes = rs.getString("access_scopes");
			row.accessInvalidated = rs.getBoolean("access_invalidated");
			row.familyInvalidated = row.accessInvalidated;
			return row;
		}

		/**
		 * The authorization, with the presented values where given and placeholders
		 * elsewhere.
		 */
		Built toAuthorization(String state, String code, OAuth2RefreshToken refresh) {
			Authentication principal = UsernamePasswordAuthenticationToken.authenticated(
					new ConsolePrincipal(this.orgId, this.subject, this.method), null,
					AuthorityUtils.createAuthorityList("ROLE_CONSOLE"));
			OAuth2Authorization.Builder builder = OAuth2Authorization
				.withRegisteredClient(org.springframework.security.oauth2.server.authorization.client.RegisteredClient
					.withId(this.clientId)
					.clientId(this.clientId)
					.authorizationGrantType(new AuthorizationGrantType(this.grantType))
					.redirectUri("https://placeholder.invalid/")
					.build())
				.id(this.id)
				.principalName(this.principalName)
				.authorizationGrantType(new AuthorizationGrantType(this.grantType))
				.authorizedScopes(scopeSet(this.authorizedScopes))
				.attribute(Principal.class.getName(), principal);
			OAuth2AuthorizationRequest authorizationRequest = request(this.request);
			if (authorizationRequest != null) {
				builder.attribute(OAuth2AuthorizationRequest.class.getName(), authorizationRequest);
			}
			if (this.stateHash != null) {
				builder.attribute(OAuth2ParameterNames.STATE, (state != null) ? state : PLACEHOLDER + this.stateHash);
			}
			if (this.codeHash != null) {
				OAuth2AuthorizationCode authorizationCode = new OAuth2AuthorizationCode(
						(code != null) ? code : PLACEHOLDER + this.codeHash, this.codeIssued, this.codeExpires);
				builder.token(authorizationCode, (metadata) -> metadata
					.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME, this.codeInvalidated));
				if (code != null && this.codeInvalidated) {
					builder.attribute(LOOKUP, CODE_REPLAY);
				}
			}
			if (this.accessHash != null) {
				builder.token(
						new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, PLACEHOLDER + this.accessHash,
								this.accessIssued, this.accessExpires, scopeSet(this.accessScopes)),
						(metadata) -> metadata.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME,
								this.accessInvalidated));
			}
			if (refresh != null) {
				builder.token(refresh, (metadata) -> metadata.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME,
						this.familyInvalidated));
			}
			return new Built(builder, this);
		}

	}

	/** An authorization being rebuilt from its row. */
	private static final class Built {

		private final OAuth2Authorization.Builder builder;

		private final Row row;

		Built(OAuth2Authorization.Builder builder, Row row) {
			this.builder = builder;
			this.row = row;
		}

		OAuth2Authorization withAccess(String token) {
			if (this.row.accessHash != null) {
				this.builder.token(
						new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, token, this.row.accessIssued,
								this.row.accessExpires, scopeSet(this.row.accessScopes)),
						(metadata) -> metadata.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME,
								this.row.accessInvalidated));
			}
			return this.builder.build();
		}

		OAuth2Authorization build() {
			return this.builder.build();
		}

		OAuth2Authorization withLookup(String lookup) {
			return this.builder.attribute(LOOKUP, lookup).build();
		}

	}

}
