package io.quiver.edge.upstream;

/**
 * Why an upstream call failed; the wire code goes into the in-band result and the audit
 * entry (SPEC R7.6, R10.1).
 */
public enum UpstreamError {

	/** The upstream did not answer within the organisation's timeout. */
	TIMEOUT("upstream-timeout"),
	/**
	 * The upstream answered 4xx: the request, the credential or the rights were refused.
	 */
	CLIENT_ERROR("upstream-4xx"),
	/** The upstream answered 5xx. */
	SERVER_ERROR("upstream-5xx"),
	/**
	 * The upstream answered something that is not what it promised (bad JSON, bad MCP).
	 */
	MALFORMED("upstream-malformed"),
	/** The upstream's answer exceeded the organisation's response size bound. */
	TOO_LARGE("upstream-too-large"),
	/** The upstream MCP tool ran and reported an error of its own ({@code isError}). */
	TOOL_ERROR("upstream-tool-error"),
	/** The upstream MCP server answered with a JSON-RPC error. */
	RPC_ERROR("upstream-rpc-error"),
	/** The upstream redirected more than three times. */
	TOO_MANY_REDIRECTS("upstream-too-many-redirects"),
	/**
	 * The URL (or a redirect) left the connector's base URL or reached an internal
	 * address.
	 */
	OUTBOUND_URL_REFUSED("outbound-url-refused"),
	/** A header argument or credential cannot be sent (line break, protocol header). */
	REQUEST_REFUSED("upstream-request-refused"),
	/**
	 * The tool asks its client for a capability (sampling, elicitation) the caller did
	 * not declare (SPEC R12.7).
	 */
	CAPABILITY_MISSING("client-capability-missing"),
	/** The caller cancelled the call while it ran (SPEC R12.7). */
	CANCELLED("cancelled"),
	/** The upstream could not be reached (no such host, connection refused or lost). */
	UNREACHABLE("upstream-unreachable"),
	/** The connection's credential was erased (revoked, rotated, deleted). */
	CREDENTIAL_ERASED("credential-erased"),
	/**
	 * The connection's credential does not decrypt (vault key changed or entry altered).
	 */
	CREDENTIAL_UNREADABLE("credential-unreadable"),
	/**
	 * The connection's OAuth grant could not be refreshed: the provider refused it; its
	 * owner must reconnect (SPEC R4.5).
	 */
	REAUTHORIZATION_NEEDED("reauthorization-needed"),
	/**
	 * The OAuth access token expired and the provider could not be reached to renew it.
	 */
	REFRESH_FAILED("oauth-refresh-failed");

	private final String code;

	UpstreamError(String code) {
		this.code = code;
	}

	public String code() {
		return this.code;
	}

}
