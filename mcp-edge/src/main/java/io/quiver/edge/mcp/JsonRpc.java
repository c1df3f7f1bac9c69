package io.quiver.edge.mcp;

/**
 * JSON-RPC 2.0 error codes, used only for malformed JSON-RPC and the protocol's own
 * refusals (SPEC R7.2, R12.4): what a model can fix is answered in band instead; and the
 * internal error for a database out of reach outside {@code tools/call} (R7.9).
 */
final class JsonRpc {

	static final int PARSE_ERROR = -32700;

	static final int INVALID_REQUEST = -32600;

	static final int METHOD_NOT_FOUND = -32601;

	static final int INVALID_PARAMS = -32602;

	static final int INTERNAL_ERROR = -32603;

	/**
	 * Legacy revisions: a resource that cannot be read (2026-07-28 says -32602 instead,
	 * SEP-2164).
	 */
	static final int RESOURCE_NOT_FOUND = -32002;

	/** 2026-07-28: an HTTP header does not match the body, or is missing or malformed. */
	static final int HEADER_MISMATCH = -32020;

	/** 2026-07-28: the request needs a client capability it did not declare. */
	static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

	/** 2026-07-28 (and answered to any unsupported version header). */
	static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

	private JsonRpc() {
	}

}
