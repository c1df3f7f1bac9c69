package io.quiver.edge.audit;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Consumer;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.command.shared.api.InvalidFieldException;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.InputInstants;
import io.quiver.edge.support.Queries;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.audit.api.AuditCheckpoint;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.api.AuditErrorCode;
import io.quiver.query.audit.api.AuditPage;
import io.quiver.query.audit.api.AuditProofs;
import io.quiver.query.audit.api.AuditReader;
import io.quiver.query.audit.api.AuditVerification;
import io.quiver.query.audit.api.AuditVerifier;
import io.quiver.query.audit.api.BrokenTrailException;
import io.quiver.query.audit.api.ConsistencyProof;
import io.quiver.query.audit.api.FindAuditEntriesQuery;
import io.quiver.query.audit.api.InclusionProof;
import io.quiver.query.audit.api.ToolCallRecord;
import io.quiver.query.support.Instants;
import io.quiver.query.trail.api.ControlPlaneChange;
import io.quiver.query.trail.api.FindControlPlaneChangesQuery;
import org.springframework.stereotype.Service;

/**
 * The audit trail for auditors (SPEC R10.3–R10.5, R10.11): tool calls filtered and paged,
 * chain verification, streaming export, signed checkpoints and their proofs, and the
 * control-plane changes.
 */
@Service
public class AuditService {

	static final Set<String> OUTCOMES = Set.of("success", "error", "denied", "unknown", ToolCallRecord.OUTCOME_UNKNOWN);

	private final ControlPlaneAccess access;

	private final AuditReader reader;

	private final AuditVerifier verifier;

	private final Queries queries;

	private final AuditProofs proofs;

	public AuditService(ControlPlaneAccess access, AuditReader reader, AuditVerifier verifier, Queries queries,
			AuditProofs proofs) {
		this.access = access;
		this.reader = reader;
		this.verifier = verifier;
		this.queries = queries;
		this.proofs = proofs;
	}

	public AuditPage list(Caller caller, Filters filters, String cursor, Integer limit) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_LIST);
		try {
			return this.reader.find(query(caller, filters, cursor, (limit != null) ? limit : 100));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
	}

	public AuditVerification verify(Caller caller) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_VERIFY);
		return this.verifier.verify(caller.orgId());
	}

	/**
	 * The signed checkpoint of the first {@code size} entries, or of the whole trail as
	 * it is now (signed now if it grew since the last one) (SPEC R10.11).
	 */
	public AuditCheckpoint checkpoint(Caller caller, Long size) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_CHECKPOINT);
		return refusing(
				() -> (size == null) ? this.proofs.latest(caller.orgId()) : this.proofs.at(caller.orgId(), size));
	}

	/** The inclusion proof of an entry (its seq or id) in a checkpoint (R10.11). */
	public InclusionProof inclusion(Caller caller, String entry, Long size) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_PROVE);
		if (entry == null || entry.isBlank()) {
			throw new InvalidFieldException("entry", "'entry' is required: the seq or the entry id of an entry");
		}
		return refusing(() -> this.proofs.inclusion(caller.orgId(), entry.strip(), size));
	}

	/** The consistency proof between the checkpoints of two sizes (R10.11). */
	public ConsistencyProof consistency(Caller caller, Long from, Long to) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_PROVE);
		if (from == null) {
			throw new InvalidFieldException("from", "'from' is required: the size of the earlier checkpoint");
		}
		return refusing(() -> this.proofs.consistency(caller.orgId(), from, to));
	}

	/** The published key checkpoints are signed with, PEM. */
	public String checkpointKey() {
		return this.proofs.signer().publicKeyPem();
	}

	/**
	 * The answer, or the refusal of what cannot be answered: an entry that does not exist
	 * (404), sizes out of range (400), a chain broken where the answer would cover it
	 * (409).
	 */
	private static <T> T refusing(java.util.function.Supplier<T> answer) {
		try {
			return answer.get();
		}
		catch (NoSuchElementException ex) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, ex.getMessage());
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
		catch (BrokenTrailException ex) {
			// nothing is signed or proven over a broken chain: 409, or in band over MCP
			throw new CommandRejectedException(AuditErrorCode.TRAIL_BROKEN, ex.getMessage());
		}
	}

	/**
	 * Checks access and filters first, then streams: nothing is buffered but the current
	 * row.
	 */
	public Runnable export(Caller caller, Filters filters, Consumer<AuditEntry> sink) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_LIST);
		FindAuditEntriesQuery query = query(caller, filters, null, 1);
		return () -> this.reader.export(query, sink);
	}

	public List<ControlPlaneChange> changes(Caller caller, String from, String to, String cursor, Integer limit) {
		this.access.require(caller, ControlPlaneOperation.AUDIT_LIST);
		try {
			return this.queries.list(new FindControlPlaneChangesQuery(caller.orgId(), Instants.normalize(from),
					Instants.normalize(to), cursor, (limit != null) ? limit : 100), ControlPlaneChange.class);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
	}

	private static FindAuditEntriesQuery query(Caller caller, Filters filters, String cursor, int limit) {
		if (filters.outcome() != null && !OUTCOMES.contains(filters.outcome())) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"outcome must be one of success, error, denied, unknown, outcome-unknown");
		}
		String member = filters.member();
		String memberId = (member != null && member.startsWith("m-")) ? member : null;
		String subject = (member != null && memberId == null) ? member : null;
		return new FindAuditEntriesQuery(caller.orgId(), memberId, subject, filters.tool(), filters.connection(),
				filters.outcome(), InputInstants.instant(filters.from(), "from"),
				InputInstants.instant(filters.to(), "to"), cursor, limit);
	}

	/**
	 * Filters on the trail; null fields do not filter. {@code member} is a member id
	 * (m-…) or a subject; {@code connection} an id or an account label.
	 */
	public record Filters(String member, String tool, String connection, String outcome, String from, String to) {
	}

}
