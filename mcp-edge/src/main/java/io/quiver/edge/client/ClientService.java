package io.quiver.edge.client;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.quiver.command.client.api.ConsentRevocation;
import io.quiver.command.client.api.RevokeConsentCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.Queries;
import io.quiver.query.client.api.ConsentSummary;
import io.quiver.query.client.api.FindConsentsQuery;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Permission;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * The connected AI clients of an organisation (SPEC R13 {@code clients}): list and
 * revoke, one set of checks for the MCP tools, the REST API and the console. A member
 * sees and revokes their own; {@code clients:read} / {@code clients:write} reach every
 * member's. A revoked client's tokens fail on the next request (R14.3, R9): the consent
 * is revoked by an event the live state folds.
 */
@Service
public class ClientService {

	private final ControlPlaneAccess access;

	private final Queries queries;

	private final Commands commands;

	private final PolicyStore policies;

	private final ObjectProvider<ClientActivity> store;

	public ClientService(ControlPlaneAccess access, Queries queries, Commands commands, PolicyStore policies,
			ObjectProvider<ClientActivity> store) {
		this.access = access;
		this.queries = queries;
		this.commands = commands;
		this.policies = policies;
		this.store = store;
	}

	/**
	 * The live connected clients: of one member when {@code member} names one (another
	 * member's need {@code clients:read}); else every member's for a caller holding
	 * {@code clients:read}, and the caller's own otherwise.
	 */
	public List<ConnectedClientView> list(Caller caller, String member) {
		this.access.require(caller, ControlPlaneOperation.CLIENTS_LIST);
		String memberId;
		if (member != null && !member.isBlank()) {
			memberId = memberId(caller, member);
			if (!memberId.equals(caller.memberId())) {
				this.access.require(caller, Permission.CLIENTS_READ_ALL, "lists another member's clients");
			}
		}
		else {
			memberId = caller.holds(Permission.CLIENTS_READ_ALL) ? null : caller.memberId();
		}
		List<ConsentSummary> consents = this.queries.list(new FindConsentsQuery(caller.orgId(), memberId, false),
				ConsentSummary.class);
		ClientActivity authorizations = this.store.getIfAvailable();
		Map<String, Instant> used = (authorizations != null) ? authorizations.lastUsed(caller.orgId()) : Map.of();
		List<ConnectedClientView> views = new ArrayList<>();
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			for (ConsentSummary consent : consents) {
				MemberView owner = lease.snapshot().member(consent.memberId());
				Instant last = used.get(consent.consentId());
				views.add(new ConnectedClientView(consent.consentId(), consent.clientId(), consent.clientName(),
						consent.memberId(), (owner != null) ? owner.subject() : null, consent.scopes(),
						consent.redirectHost(), consent.grantedAt(), (last != null) ? last.toString() : null));
			}
		}
		return views;
	}

	/**
	 * Revokes connected clients: {@code client} is a consent id (as listed) or a client
	 * id; for a client id, the consents of {@code member} (default: the caller), or of
	 * every member with {@code member} {@code *}. Another member's need
	 * {@code clients:write}.
	 * @return the consents revoked
	 */
	public List<String> revoke(Caller caller, String client, String member) {
		this.access.require(caller, ControlPlaneOperation.CLIENTS_REVOKE);
		if (client == null || client.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"client is required: a connected client's consent id (as listed) or its client id");
		}
		boolean everyone = "*".equals(member);
		String memberId = (everyone || member == null || member.isBlank()) ? null : memberId(caller, member);
		List<ConsentSummary> live = this.queries.list(new FindConsentsQuery(caller.orgId(), null, false),
				ConsentSummary.class);
		List<ConsentSummary> chosen = new ArrayList<>();
		for (ConsentSummary consent : live) {
			if (consent.consentId().equals(client)) {
				chosen.add(consent);
			}
			else if (consent.clientId().equals(client)
					&& (everyone || consent.memberId().equals((memberId != null) ? memberId : caller.memberId()))) {
				chosen.add(consent);
			}
		}
		if (chosen.isEmpty()) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no connected client '" + client + "'"
					+ ((member != null) ? " of " + member : "") + "; list them with quiver__clients__list");
		}
		boolean others = chosen.stream().anyMatch((c) -> !c.memberId().equals(caller.memberId()));
		if (others) {
			this.access.require(caller, Permission.CLIENTS_WRITE_ALL, "revokes another member's clients");
		}
		List<String> revoked = new ArrayList<>();
		for (ConsentSummary consent : chosen) {
			ConsentRevocation why = consent.memberId().equals(caller.memberId()) ? ConsentRevocation.BY_MEMBER
					: ConsentRevocation.BY_ADMIN;
			this.commands.send(caller, new RevokeConsentCommand(consent.consentId(), caller.orgId(), why));
			revoked.add(consent.consentId());
		}
		return revoked;
	}

	private String memberId(Caller caller, String member) {
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			MemberView view = lease.snapshot().memberBySubject(member);
			if (view == null) {
				view = lease.snapshot().member(member);
			}
			if (view == null) {
				throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
						"no member '" + member + "' in this organisation");
			}
			return view.memberId();
		}
	}

}
