package io.quiver.edge.connection;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.query.access.Caller;
import io.quiver.query.connection.api.ConnectionSummary;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/connections}: the REST side of SPEC R13 {@code connections}.
 */
@RestController
@RequestMapping("/api/v1/connections")
class ConnectionController {

	private final ConnectionService connections;

	ConnectionController(ConnectionService connections) {
		this.connections = connections;
	}

	@GetMapping
	List<ConnectionSummary> list(Caller caller) {
		return this.connections.list(caller);
	}

	@GetMapping("/{connection}")
	ConnectionSummary get(Caller caller, @PathVariable String connection) {
		return this.connections.get(caller, connection);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	Connected create(Caller caller, @RequestBody NewConnection body) {
		return this.connections.create(caller, body.connector(), body.label(), body.credential(), body.owner());
	}

	@PutMapping("/{connection}/label")
	ConnectionSummary relabel(Caller caller, @PathVariable String connection, @RequestBody Relabel body) {
		return this.connections.relabel(caller, connection, body.label());
	}

	@PostMapping("/{connection}/refresh")
	Connected refresh(Caller caller, @PathVariable String connection, @RequestBody(required = false) Refresh body) {
		return this.connections.refresh(caller, connection, (body != null) ? body.credential() : null);
	}

	@PostMapping("/{connection}/revoke-grant")
	ConnectionSummary revokeGrant(Caller caller, @PathVariable String connection) {
		return this.connections.revokeGrant(caller, connection);
	}

	@DeleteMapping("/{connection}")
	ConnectionSummary delete(Caller caller, @PathVariable String connection) {
		return this.connections.delete(caller, connection);
	}

	/**
	 * Body of a new connection; the credential is stored encrypted and never returned.
	 */
	record NewConnection(String connector, String label, JsonNode credential, String owner) {
	}

	/** Body of a relabel. */
	record Relabel(String label) {
	}

	/** Body of a refresh: an optional new credential. */
	record Refresh(JsonNode credential) {
	}

}
