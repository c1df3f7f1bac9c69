package io.quiver.edge.member;

import java.util.List;

import io.quiver.query.access.Caller;
import io.quiver.query.member.api.MemberSummary;
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
 * {@code /api/v1/members}: the REST side of SPEC R13 {@code members}.
 */
@RestController
@RequestMapping("/api/v1/members")
class MemberController {

	private final MemberService members;

	MemberController(MemberService members) {
		this.members = members;
	}

	@GetMapping
	List<MemberSummary> list(Caller caller) {
		return this.members.list(caller);
	}

	@GetMapping("/{member}")
	MemberSummary get(Caller caller, @PathVariable String member) {
		return this.members.get(caller, member);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	MemberSummary invite(Caller caller, @RequestBody Invitation body) {
		return this.members.invite(caller, body.subject(), body.email(), body.role());
	}

	@PutMapping("/{member}/role")
	MemberSummary changeRole(Caller caller, @PathVariable String member, @RequestBody RoleChange body) {
		return this.members.changeRole(caller, member, body.role());
	}

	@PostMapping("/{member}/suspend")
	MemberSummary suspend(Caller caller, @PathVariable String member) {
		return this.members.suspend(caller, member);
	}

	@PostMapping("/{member}/reinstate")
	MemberSummary reinstate(Caller caller, @PathVariable String member) {
		return this.members.reinstate(caller, member);
	}

	@DeleteMapping("/{member}")
	MemberSummary remove(Caller caller, @PathVariable String member) {
		return this.members.remove(caller, member);
	}

	/** Body of an invitation. */
	record Invitation(String subject, String email, String role) {
	}

	/** Body of a role change. */
	record RoleChange(String role) {
	}

}
