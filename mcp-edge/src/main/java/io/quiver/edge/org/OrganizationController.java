package io.quiver.edge.org;

import io.quiver.query.access.Caller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/org}: the REST side of SPEC R13 {@code org}.
 */
@RestController
@RequestMapping("/api/v1/org")
class OrganizationController {

	private final OrganizationService organizations;

	OrganizationController(OrganizationService organizations) {
		this.organizations = organizations;
	}

	@GetMapping
	OrganizationView get(Caller caller) {
		return this.organizations.get(caller);
	}

	@PatchMapping("/settings")
	OrganizationView updateSettings(Caller caller, @RequestBody SettingsChange body) {
		return this.organizations.updateSettings(caller, body);
	}

}
