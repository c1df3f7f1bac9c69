package io.quiver.edge.catalog;

import java.util.List;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.query.access.Caller;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/catalog}: the REST side of SPEC R13 {@code catalog}.
 */
@RestController
@RequestMapping("/api/v1/catalog")
class CatalogController {

	private final CatalogService catalog;

	CatalogController(CatalogService catalog) {
		this.catalog = catalog;
	}

	@GetMapping
	List<CatalogEntry> browse(Caller caller, @RequestParam(required = false) String query) {
		return this.catalog.browse(caller, query);
	}

	@GetMapping("/{connector}")
	ConnectorDefinition get(Caller caller, @PathVariable String connector) {
		return this.catalog.get(caller, connector);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	CatalogEntry register(Caller caller, @RequestBody Registration body) {
		return this.catalog.register(caller, body.id(), body.label(), body.kind(), body.url(), body.openapi(),
				Boolean.TRUE.equals(body.allowPrivateNetwork()));
	}

	@PutMapping("/{connector}/oauth-client")
	OAuthClientSummary setOAuthClient(Caller caller, @PathVariable String connector, @RequestBody OAuthClient body) {
		return this.catalog.setOAuthClient(caller, connector, body.clientId(), body.clientSecret());
	}

	@DeleteMapping("/{connector}")
	CatalogEntry unregister(Caller caller, @PathVariable String connector) {
		return this.catalog.unregister(caller, connector);
	}

	/** Body of an OAuth client: the secret goes to the vault and is never returned. */
	record OAuthClient(String clientId, String clientSecret) {

		@Override
		public String toString() {
			return "OAuthClient[clientId=" + this.clientId + ", clientSecret=****]";
		}

	}

	/** Body of a registration: an OpenAPI 3 document for http, a URL for mcp. */
	record Registration(String id, String label, String kind, String url, String openapi, Boolean allowPrivateNetwork) {
	}

}
