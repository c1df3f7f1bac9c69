package io.quiver.edge.connection;

import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.shared.api.CommandRejectedException;

/**
 * Reads a credential argument, {@code {type: bearer, token}}, {@code {type: header, name,
 * value}} or {@code {type: basic, username, password}} (SPEC R13). Errors name fields,
 * never values.
 */
final class Credentials {

	private Credentials() {
	}

	static Credential parse(JsonNode credential) {
		if (credential == null || credential.isNull()) {
			return null;
		}
		if (!credential.isObject()) {
			throw invalid("credential must be an object such as {\"type\": \"bearer\", \"token\": \"…\"}");
		}
		String type = credential.path("type").asText("").toLowerCase(Locale.ROOT);
		try {
			return switch (type) {
				case "bearer" -> new Credential.Bearer(text(credential, "token"));
				case "header" -> new Credential.Header(text(credential, "name"), text(credential, "value"));
				case "basic" -> new Credential.Basic(text(credential, "username"), text(credential, "password"));
				default -> throw invalid("credential type must be bearer, header or basic");
			};
		}
		catch (IllegalArgumentException ex) {
			throw invalid("credential is not valid: " + ex.getMessage());
		}
	}

	private static String text(JsonNode credential, String field) {
		JsonNode value = credential.get(field);
		if (value == null || !value.isTextual() || value.textValue().isEmpty()) {
			throw invalid("a " + credential.path("type").asText() + " credential needs '" + field + "'");
		}
		return value.textValue();
	}

	private static CommandRejectedException invalid(String message) {
		return new CommandRejectedException(ConnectionErrorCode.INVALID_CREDENTIAL, message);
	}

}
