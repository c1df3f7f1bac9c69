package io.quiver.edge.signin;

import java.util.List;

import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.organization.api.ConfigureIdentityProviderCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.Queries;
import io.quiver.query.client.api.FindIdentityProviderQuery;
import io.quiver.query.client.api.IdentityProviderView;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import org.springframework.stereotype.Service;

/**
 * An organisation's identity provider (SPEC R14.4), set and read by an admin
 * ({@code org:write}, as the organisation's settings): the client secret goes into the
 * vault, the event carries its reference; reading never shows it.
 */
@Service
class IdentityProviderService {

	static final String VAULT_PURPOSE = "identity-provider";

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final Queries queries;

	private final CredentialVault vault;

	IdentityProviderService(ControlPlaneAccess access, Commands commands, Queries queries, CredentialVault vault) {
		this.access = access;
		this.commands = commands;
		this.queries = queries;
		this.vault = vault;
	}

	/** What is configured, without the secret. */
	record Configured(String issuer, String clientId, String subjectClaim, List<String> allowedEmailDomains,
			String signInUrl) {
	}

	Configured configure(Caller caller, String issuer, String clientId, String clientSecret, String subjectClaim,
			List<String> allowedEmailDomains) {
		this.access.require(caller, ControlPlaneOperation.ORG_UPDATE_SETTINGS);
		if (clientSecret == null || clientSecret.isEmpty() || clientSecret.length() > 4096) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"clientSecret is required (at most 4096 characters)");
		}
		String ref = this.vault.storeSecret(caller.orgId(), VAULT_PURPOSE, clientSecret);
		try {
			this.commands.send(caller, new ConfigureIdentityProviderCommand(caller.orgId(), issuer, clientId, ref,
					subjectClaim, allowedEmailDomains));
		}
		catch (RuntimeException ex) {
			this.vault.erase(ref);
			throw ex;
		}
		return get(caller);
	}

	Configured get(Caller caller) {
		this.access.require(caller, ControlPlaneOperation.ORG_GET);
		IdentityProviderView view = this.queries.one(new FindIdentityProviderQuery(caller.orgId()),
				IdentityProviderView.class);
		if (view == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"organisation '" + caller.orgId() + "' has no identity provider; set one with PUT");
		}
		return new Configured(view.issuer(), view.clientId(), view.subjectClaim(), view.allowedEmailDomains(),
				"/console/sign-in/" + caller.orgId());
	}

}
