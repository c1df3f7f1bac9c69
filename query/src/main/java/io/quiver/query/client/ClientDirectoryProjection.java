package io.quiver.query.client;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.client.api.ClientRegisteredEvent;
import io.quiver.command.client.api.ConsentGrantedEvent;
import io.quiver.command.client.api.ConsentRevokedEvent;
import io.quiver.query.client.api.ConsentSummary;
import io.quiver.query.client.api.FindConsentsQuery;
import io.quiver.command.organization.api.IdentityProviderConfiguredEvent;
import io.quiver.query.client.api.FindIdentityProviderQuery;
import io.quiver.query.client.api.FindRegisteredClientQuery;
import io.quiver.query.client.api.IdentityProviderView;
import io.quiver.query.client.api.RegisteredClientView;
import io.quiver.query.support.Instants;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * Registered clients ({@code client_directory}, deployment-wide), members' consents
 * ({@code client_consent_directory}, per organisation) and each organisation's identity
 * provider ({@code identity_provider_directory}), folded from the {@code command.client}
 * events and {@link IdentityProviderConfiguredEvent} (SPEC R14.1–R14.4). Idempotent: a
 * registration is inserted once, a consent's row keeps its last sequence number.
 */
@Component
@ProcessingGroup(ClientDirectoryProjection.PROCESSING_GROUP)
public class ClientDirectoryProjection {

	public static final String PROCESSING_GROUP = "client-directory";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final RowMapper<RegisteredClientView> CLIENT = (rs, i) -> new RegisteredClientView(
			rs.getString("client_id"), rs.getString("kind"), rs.getString("client_name"),
			uris(rs.getString("redirect_uris")), rs.getString("client_uri"), rs.getString("registered_at"));

	private static final RowMapper<ConsentSummary> CONSENT = (rs, i) -> new ConsentSummary(rs.getString("consent_id"),
			rs.getString("member_id"), rs.getString("client_id"), rs.getString("client_name"),
			Arrays.asList(rs.getString("scopes").split(" ")), rs.getString("redirect_host"), rs.getString("granted_at"),
			rs.getString("revoked_at"), rs.getString("revoked_why"));

	private final JdbcTemplate jdbc;

	public ClientDirectoryProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(ClientRegisteredEvent event, @Timestamp Instant at) throws JsonProcessingException {
		this.jdbc.update("""
				INSERT INTO client_directory (client_id, kind, client_name, redirect_uris, client_uri, registered_at)
				SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM client_directory WHERE client_id = ?)""",
				event.clientId(), event.kind().name(), event.clientName(),
				JSON.writeValueAsString(event.redirectUris()), event.clientUri(), Instants.format(at),
				event.clientId());
	}

	@EventHandler
	void on(ConsentGrantedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update("""
				INSERT INTO client_consent_directory (consent_id, org_id, member_id, client_id, client_name, scopes,
				    redirect_host, granted_at, last_seq)
				SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS
				    (SELECT 1 FROM client_consent_directory WHERE consent_id = ?)""", event.consentId(), event.orgId(),
				event.memberId(), event.clientId(), event.clientName(), String.join(" ", event.scopes()),
				event.redirectHost(), Instants.format(at), seq, event.consentId());
	}

	@EventHandler
	void on(ConsentRevokedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update(
				"UPDATE client_consent_directory SET revoked_at = ?, revoked_why = ?, last_seq = ? "
						+ "WHERE consent_id = ? AND last_seq < ?",
				Instants.format(at), event.reason().name(), seq, event.consentId(), seq);
	}

	@EventHandler
	void on(IdentityProviderConfiguredEvent event, @Timestamp Instant at) throws JsonProcessingException {
		this.jdbc.update("DELETE FROM identity_provider_directory WHERE org_id = ?", event.orgId());
		this.jdbc.update(
				"INSERT INTO identity_provider_directory (org_id, issuer, client_id, client_secret_ref, "
						+ "subject_claim, allowed_email_domains, configured_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				event.orgId(), event.issuer(), event.clientId(), event.clientSecretRef(), event.subjectClaim(),
				JSON.writeValueAsString(event.allowedEmailDomains()), Instants.format(at));
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM identity_provider_directory");
		this.jdbc.update("DELETE FROM client_consent_directory");
		this.jdbc.update("DELETE FROM client_directory");
	}

	@QueryHandler
	RegisteredClientView handle(FindRegisteredClientQuery query) {
		List<RegisteredClientView> found = this.jdbc.query("SELECT * FROM client_directory WHERE client_id = ?", CLIENT,
				query.clientId());
		return found.isEmpty() ? null : found.get(0);
	}

	@QueryHandler
	List<ConsentSummary> handle(FindConsentsQuery query) {
		String revoked = query.includeRevoked() ? "" : " AND revoked_at IS NULL";
		if (query.memberId() != null) {
			return this.jdbc.query("SELECT * FROM client_consent_directory WHERE org_id = ? AND member_id = ?" + revoked
					+ " ORDER BY granted_at DESC, consent_id", CONSENT, query.orgId(), query.memberId());
		}
		return this.jdbc.query("SELECT * FROM client_consent_directory WHERE org_id = ?" + revoked
				+ " ORDER BY granted_at DESC, consent_id", CONSENT, query.orgId());
	}

	@QueryHandler
	IdentityProviderView handle(FindIdentityProviderQuery query) {
		List<IdentityProviderView> found = this.jdbc.query("SELECT * FROM identity_provider_directory WHERE org_id = ?",
				(rs, i) -> new IdentityProviderView(rs.getString("org_id"), rs.getString("issuer"),
						rs.getString("client_id"), rs.getString("client_secret_ref"), rs.getString("subject_claim"),
						uris(rs.getString("allowed_email_domains")), rs.getString("configured_at")),
				query.orgId());
		return found.isEmpty() ? null : found.get(0);
	}

	private static List<String> uris(String json) {
		try {
			return JSON.readValue(json, new TypeReference<List<String>>() {
			});
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("client_directory.redirect_uris is not a JSON list", ex);
		}
	}

}
