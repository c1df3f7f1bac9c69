package io.quiver.edge.client;

import java.util.List;
import java.util.Map;

import io.quiver.query.access.Caller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/clients}: the REST side of SPEC R13 {@code clients}.
 */
@RestController
@RequestMapping("/api/v1/clients")
class ClientController {

	private final ClientService clients;

	ClientController(ClientService clients) {
		this.clients = clients;
	}

	@GetMapping
	List<ConnectedClientView> list(Caller caller, @RequestParam(required = false) String member) {
		return this.clients.list(caller, member);
	}

	@PostMapping("/revoke")
	Map<String, Object> revoke(Caller caller, @RequestBody Revoke body) {
		return Map.of("revoked", this.clients.revoke(caller, body.client(), body.member()));
	}

	/** Which connected client to revoke, and whose. */
	record Revoke(String client, String member) {
	}

}
