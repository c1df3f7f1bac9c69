package io.quiver.edge.platform;

import java.util.Map;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/organizations {slug, name, owner: {subject, email?}}}: a platform
 * operator creates an organisation with its first OWNER (SPEC R14.6).
 */
@RestController
@RequestMapping("/api/v1/organizations")
class OrganizationsController {

	private final PlatformOperators operators;

	private final OrganizationCreation creation;

	OrganizationsController(PlatformOperators operators, OrganizationCreation creation) {
		this.operators = operators;
		this.creation = creation;
	}

	@PostMapping
	ResponseEntity<Map<String, Object>> create(Authentication authentication, @RequestBody NewOrganization body) {
		if (body.owner() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "owner {subject, email?} is required");
		}
		OrganizationCreation.Created created = this.creation.create(this.operators.require(authentication), body.slug(),
				body.name(), body.owner().subject(), body.owner().email());
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(Map.of("orgId", created.orgId(), "name", (body.name() != null) ? body.name() : created.orgId(),
					"owner", Map.of("memberId", created.ownerMemberId(), "subject", created.ownerSubject())));
	}

	/** The organisation to create. */
	record NewOrganization(String slug, String name, Owner owner) {
	}

	/** Its first OWNER. */
	record Owner(String subject, String email) {
	}

}
