package io.quiver.edge.ops;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a {@link StartupSettingsException} as Spring Boot reports a port in use: what
 * is wrong and what to do, and no stack trace.
 */
public final class StartupSettingsFailureAnalyzer extends AbstractFailureAnalyzer<StartupSettingsException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StartupSettingsException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
	}

}
