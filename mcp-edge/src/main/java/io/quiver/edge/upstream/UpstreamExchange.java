package io.quiver.edge.upstream;

import io.quiver.command.connection.vault.Credential;
import io.quiver.edge.upstream.ResultRedactor.Redaction;
import io.quiver.query.support.CallerText;
import io.quiver.query.support.DatabaseFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The envelope every request to an upstream runs in, whatever the connector's kind: the
 * connection's credential read from the vault, a redaction built from it, and every
 * failure turned into an in-band result (SPEC R7.6, R7.7) except the database being out
 * of reach, which the pipeline answers (R7.9).
 */
final class UpstreamExchange {

	private static final Logger log = LoggerFactory.getLogger(UpstreamExchange.class);

	private final UpstreamCredentials credentials;

	private final ResultRedactor redactor;

	UpstreamExchange(UpstreamCredentials credentials, ResultRedactor redactor) {
		this.credentials = credentials;
		this.redactor = redactor;
	}

	/** The request itself, with the call's credential (null when it has none). */
	@FunctionalInterface
	interface Request {

		/** Runs the request; an {@link UpstreamFailure} becomes an in-band error. */
		UpstreamResult run(Credential credential, Redaction redaction);

	}

	UpstreamResult run(UpstreamCall call, Request request) {
		Redaction redaction = this.redactor.forCredential(null);
		try {
			Credential credential = this.credentials.read(call);
			redaction = this.redactor.forCredential(credential);
			return request.run(credential, redaction);
		}
		catch (UpstreamFailure failure) {
			return UpstreamResult.failure(failure.error(), failure.inBandMessage(call, redaction), call,
					failure.reached());
		}
		catch (RuntimeException ex) {
			if (DatabaseFailures.unavailable(ex)) {
				// the credential could not be read: the pipeline answers it (R7.9)
				throw ex;
			}
			// the class only: a message could quote the upstream's answer (R10.2)
			log.warn("Unexpected {} calling {}.{}", ex.getClass().getName(), CallerText.log(call.connector().id()),
					CallerText.log(call.operation().name()));
			return UpstreamResult.failure(UpstreamError.MALFORMED,
					"Call to '" + call.connectionLabel()
							+ "' failed: its answer could not be handled; try again, or report it if it persists",
					call, false);
		}
	}

}
