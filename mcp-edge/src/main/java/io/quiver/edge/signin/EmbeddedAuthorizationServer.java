package io.quiver.edge.signin;

import java.util.Locale;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the embedded authorization server is on: {@code quiver.oauth.server.enabled}
 * {@code true}, or {@code auto} (the default) while no external issuer is configured
 * ({@code spring.security.oauth2.resourceserver.jwt.issuer-uri} or {@code jwk-set-uri}).
 * With an external issuer and {@code auto} it is off and token validation is as before
 * (SPEC R14.1: "unless an external one is configured").
 */
public class EmbeddedAuthorizationServer implements Condition {

	@Override
	public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
		return enabled(context.getEnvironment());
	}

	/** The decision, from the environment. */
	public static boolean enabled(Environment environment) {
		String setting = environment.getProperty("quiver.oauth.server.enabled", "auto")
			.strip()
			.toLowerCase(Locale.ROOT);
		if (setting.equals("true")) {
			return true;
		}
		if (!setting.equals("auto")) {
			return false;
		}
		return !hasText(environment.getProperty("spring.security.oauth2.resourceserver.jwt.issuer-uri"))
				&& !hasText(environment.getProperty("spring.security.oauth2.resourceserver.jwt.jwk-set-uri"));
	}

	private static boolean hasText(String value) {
		return value != null && !value.isBlank();
	}

}
