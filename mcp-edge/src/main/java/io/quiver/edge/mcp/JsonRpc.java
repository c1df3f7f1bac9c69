package io.quiver.edge.mcp;

/**
 * JSON-RPC 2.0 error codes, used only for malformed JSON-RPC (SPEC R7.2), and the
 * internal error for a database out of reach outside {@code tools/call} (R7.9).
 */
final class JsonRpc {

	static final int PARSE_ERROR = -32700;

	static final int INVALID_REQUEST = -32600;

	static final int METHOD_NOT_FOUND = -32601;

	static final int INVALID_PARAMS = -32602;

	static final int INTERNAL_ERROR = -32603;

	private JsonRpc() {
	}

}
