package io.quiver.edge.mcp;

import java.util.List;

/**
 * The protocol revisions {@code /mcp} serves (SPEC R12.4), both eras on one endpoint:
 * modern 2026-07-28 (per-request {@code _meta}, no handshake) and legacy 2025-11-25 and
 * 2025-06-18 (the {@code initialize} handshake).
 * <p>
 * 2025-03-26 is no longer negotiated: it is the one revision with JSON-RPC batches, which
 * 2025-06-18 removed; every client of these revisions in use also speaks 2025-06-18 or
 * later, and an {@code initialize} asking for 2025-03-26 is answered with the latest
 * legacy revision, which the client may accept or refuse (docs/conformance.md).
 */
final class McpVersions {

	static final String MODERN = "2026-07-28";

	static final String LATEST_LEGACY = "2025-11-25";

	/** Every revision served, newest first (also what {@code server/discover} lists). */
	static final List<String> SUPPORTED = List.of(MODERN, "2025-11-25", "2025-06-18");

	static final List<String> LEGACY = List.of("2025-11-25", "2025-06-18");

	static final String META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";

	static final String META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

	static final String META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";

	static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

	static final String META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

	private McpVersions() {
	}

	static boolean isModern(String version) {
		return MODERN.equals(version);
	}

	static boolean isLegacy(String version) {
		return LEGACY.contains(version);
	}

}
