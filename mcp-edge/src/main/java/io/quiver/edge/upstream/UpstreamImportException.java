package io.quiver.edge.upstream;

/**
 * Importing an upstream MCP server's tools failed; the message says what happened and
 * what to do, and the error code is one of {@link UpstreamError}'s.
 */
public class UpstreamImportException extends RuntimeException {

	private final String errorCode;

	public UpstreamImportException(String errorCode, String message) {
		super(message);
		this.errorCode = errorCode;
	}

	public String errorCode() {
		return this.errorCode;
	}

}
