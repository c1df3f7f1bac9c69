package io.quiver.edge.audit;

import java.util.List;

import io.quiver.edge.audit.AuditService.Filters;
import io.quiver.query.access.Caller;
import io.quiver.query.audit.api.AuditPage;
import io.quiver.query.audit.api.AuditVerification;
import io.quiver.query.audit.api.AuditCheckpoint;
import io.quiver.query.audit.api.ConsistencyProof;
import io.quiver.query.audit.api.InclusionProof;
import io.quiver.query.trail.api.ControlPlaneChange;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * {@code /api/v1/audit}: the auditor's API (SPEC R10.5): the tool-call trail with filters
 * and cursor pagination, chain verification, streaming export as JSON lines or CSV,
 * signed checkpoints, inclusion and consistency proofs (R10.11), and the control-plane
 * changes.
 */
@RestController
@RequestMapping("/api/v1/audit")
class AuditController {

	private final AuditService audit;

	private final AuditExports exports;

	AuditController(AuditService audit, AuditExports exports) {
		this.audit = audit;
		this.exports = exports;
	}

	@GetMapping
	AuditPage list(Caller caller, @RequestParam(required = false) String member,
			@RequestParam(required = false) String tool, @RequestParam(required = false) String connection,
			@RequestParam(required = false) String outcome, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String cursor,
			@RequestParam(required = false) Integer limit) {
		return this.audit.list(caller, new Filters(member, tool, connection, outcome, from, to), cursor, limit);
	}

	@GetMapping("/verify")
	AuditVerification verify(Caller caller) {
		return this.audit.verify(caller);
	}

	/** SPEC R10.11: {@code {size, rootHash, timestamp, keyId, signature}} and orgId. */
	@GetMapping("/checkpoints/latest")
	AuditCheckpoint latestCheckpoint(Caller caller) {
		return this.audit.checkpoint(caller, null);
	}

	@GetMapping("/checkpoints/{size}")
	AuditCheckpoint checkpoint(Caller caller, @PathVariable long size) {
		return this.audit.checkpoint(caller, size);
	}

	@GetMapping("/proofs/inclusion")
	InclusionProof inclusion(Caller caller, @RequestParam(required = false) String entry,
			@RequestParam(required = false) Long size) {
		return this.audit.inclusion(caller, entry, size);
	}

	@GetMapping("/proofs/consistency")
	ConsistencyProof consistency(Caller caller, @RequestParam(required = false) Long from,
			@RequestParam(required = false) Long to) {
		return this.audit.consistency(caller, from, to);
	}

	@GetMapping("/changes")
	List<ControlPlaneChange> changes(Caller caller, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String cursor,
			@RequestParam(required = false) Integer limit) {
		return this.audit.changes(caller, from, to, cursor, limit);
	}

	@GetMapping("/export")
	ResponseEntity<StreamingResponseBody> export(Caller caller, @RequestParam(defaultValue = "jsonl") String format,
			@RequestParam(required = false) String member, @RequestParam(required = false) String tool,
			@RequestParam(required = false) String connection, @RequestParam(required = false) String outcome,
			@RequestParam(required = false) String from, @RequestParam(required = false) String to) {
		return this.exports.download(caller, new Filters(member, tool, connection, outcome, from, to), format);
	}

}
