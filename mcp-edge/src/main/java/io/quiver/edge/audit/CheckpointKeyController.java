package io.quiver.edge.audit;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The published key of the trail's checkpoints (SPEC R10.11), public like the rest of
 * {@code /.well-known}: {@code GET /.well-known/quiver-audit-key.pem}. An auditor fetches
 * it once, keeps it (pins it) and verifies exports and proofs against it offline, so that
 * a server rewriting its trail later cannot also rewrite the key that judges it.
 */
@RestController
class CheckpointKeyController {

	static final String PATH = "/.well-known/quiver-audit-key.pem";

	private final AuditService audit;

	CheckpointKeyController(AuditService audit) {
		this.audit = audit;
	}

	@GetMapping(path = PATH, produces = "application/x-pem-file")
	ResponseEntity<String> key() {
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType("application/x-pem-file"))
			.body(this.audit.checkpointKey());
	}

}
