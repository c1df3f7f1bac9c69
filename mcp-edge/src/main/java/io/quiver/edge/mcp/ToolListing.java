package io.quiver.edge.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.edge.security.CallerResolver;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.gate.MemberStatusGate;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Component;

/**
 * What one caller's {@code tools/list} holds, on the current state (SPEC R5.6, R12.5,
 * R12.6): the tool definitions in advertised order, a digest of their bytes (what the
 * notification streams compare before and after a change), and the {@code ttlMs} hint.
 * <p>
 * {@code ttlMs} is a function of the caller's surface only, never of the clock, so the
 * same state gives the same bytes: a collapsed surface lists the control-plane operations
 * and the two meta-tools, which change only when the caller's role or scopes do or the
 * threshold is crossed, so it may be cached for {@value #COLLAPSED_TTL_MS} ms; a flat
 * surface lists every connected tool and moves with every connection, toolbox or
 * restriction, so {@value #FLAT_TTL_MS} ms; an empty surface (a suspended member) 0. A
 * client holding a stream hears of every change at once anyway ({@code list_changed}),
 * and every call is decided on the current state whatever the client cached.
 */
@Component
public class ToolListing {

	static final long COLLAPSED_TTL_MS = 3_600_000;

	static final long FLAT_TTL_MS = 300_000;

	private final CallerResolver callers;

	private final PolicyStore policies;

	private final ToolSurface surface;

	private final McpToolList toolList;

	private final MemberStatusGate memberStatusGate;

	ToolListing(CallerResolver callers, PolicyStore policies, ToolSurface surface, McpToolList toolList,
			MemberStatusGate memberStatusGate) {
		this.callers = callers;
		this.policies = policies;
		this.surface = surface;
		this.toolList = toolList;
		this.memberStatusGate = memberStatusGate;
	}

	/**
	 * The caller's listing now.
	 * @return null when the identity names no member of an existing organisation
	 */
	Listing of(CallerIdentity identity) {
		try (PolicyLease lease = this.policies.open(identity.orgId())) {
			return (lease != null) ? of(lease.snapshot(), identity) : null;
		}
	}

	/**
	 * The caller's listing on a snapshot already open (several callers of one
	 * organisation on one snapshot).
	 * @return null when the identity names no member
	 */
	Listing of(PolicySnapshot policy, CallerIdentity identity) {
		Caller caller = this.callers.resolve(policy, identity, "mcp");
		if (caller == null) {
			return null;
		}
		CallerSurface visible = this.surface.of(policy, caller);
		return new Listing(caller, this.toolList.definitions(visible), ttl(visible));
	}

	/**
	 * Whether the caller is an active member (R2.5): the requests that open or check a
	 * connection refuse anybody else.
	 */
	Verdict memberStatus(Caller caller) {
		return this.memberStatusGate.check(caller);
	}

	/**
	 * Opens the organisation's current state (caught up), or null when it does not exist.
	 */
	PolicyLease open(String orgId) {
		return this.policies.open(orgId);
	}

	static long ttl(CallerSurface surface) {
		if (surface.count() == 0) {
			return 0;
		}
		return surface.collapsed() ? COLLAPSED_TTL_MS : FLAT_TTL_MS;
	}

	/**
	 * One caller's listing.
	 *
	 * @param caller the caller it was computed for
	 * @param definitions the tool definitions, in advertised order
	 * @param ttlMs the caching hint
	 */
	record Listing(Caller caller, List<ObjectNode> definitions, long ttlMs) {

		/** A digest of the definitions' bytes and the hint: equal iff the listing is. */
		String digest() {
			try {
				MessageDigest sha = MessageDigest.getInstance("SHA-256");
				for (ObjectNode definition : this.definitions) {
					sha.update(definition.toString().getBytes(StandardCharsets.UTF_8));
					sha.update((byte) '\n');
				}
				sha.update(Long.toString(this.ttlMs).getBytes(StandardCharsets.UTF_8));
				return HexFormat.of().formatHex(sha.digest());
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
