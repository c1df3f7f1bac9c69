package io.quiver.edge.connection;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.quiver.query.connection.api.ConnectionSummary;

/**
 * A connection as creating or refreshing it answers: the connection and, when its owner
 * is to authorize it by OAuth (SPEC R4.5), the URL to open in a browser.
 *
 * @param authorizationUrl Quiver's start link to open in a browser (it binds the
 * authorization to that browser and goes on to the provider), or null
 * @param next what to do with it, in words, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Connected(@JsonUnwrapped ConnectionSummary connection, String authorizationUrl, String next) {

	static Connected of(ConnectionSummary connection) {
		return new Connected(connection, null, null);
	}

}
