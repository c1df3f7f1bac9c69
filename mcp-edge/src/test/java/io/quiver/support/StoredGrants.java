package io.quiver.support;

import java.time.Instant;

import javax.sql.DataSource;

import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The OAuth grant of a connection as a Quiver node keeps it in its vault, for tests that
 * check what a refresh wrote, and that make its access token expire (as Quiver knows it)
 * without waiting for it.
 */
public final class StoredGrants {

	private final QuiverApp app;

	private final String org;

	public StoredGrants(QuiverApp app, String org) {
		this.app = app;
		this.org = org;
	}

	/** The live grant of the connection with this label. */
	public Credential.OAuth of(String label) {
		return (Credential.OAuth) this.app.bean(CredentialVault.class).read(this.org, vaultRef(label));
	}

	/** The connection's access token is past its expiry, as Quiver knows it. */
	public void expire(String label) {
		this.app.bean(CredentialVault.class).replace(this.org, vaultRef(label), (stored) -> {
			Credential.OAuth grant = (Credential.OAuth) stored;
			return new Credential.OAuth(grant.accessToken(), grant.refreshToken(), Instant.now().minusSeconds(1),
					grant.scope(), grant.issuer());
		});
	}

	private String vaultRef(String label) {
		JdbcTemplate jdbc = new JdbcTemplate(this.app.bean(DataSource.class));
		return jdbc.queryForObject("SELECT v.ref FROM credential_vault v JOIN connection_directory c "
				+ "ON c.connection_id = v.connection_id WHERE c.org_id = ? AND c.label = ? "
				+ "AND v.ciphertext IS NOT NULL", String.class, this.org, label);
	}

}
