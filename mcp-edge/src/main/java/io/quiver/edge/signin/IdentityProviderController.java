package io.quiver.edge.signin;

import java.util.List;

import io.quiver.query.access.Caller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/org/identity-provider}: the organisation's OIDC identity provider (SPEC
 * R14.4). {@code PUT {issuer, clientId, clientSecret, subjectClaim?,
 * allowedEmailDomains?}}; {@code GET} answers it without the secret, with the
 * organisation's sign-in URL.
 */
@RestController
@RequestMapping("/api/v1/org/identity-provider")
class IdentityProviderController {

	private final IdentityProviderService providers;

	IdentityProviderController(IdentityProviderService providers) {
		this.providers = providers;
	}

	@GetMapping
	IdentityProviderService.Configured get(Caller caller) {
		return this.providers.get(caller);
	}

	@PutMapping
	IdentityProviderService.Configured configure(Caller caller, @RequestBody Provider body) {
		return this.providers.configure(caller, body.issuer(), body.clientId(), body.clientSecret(),
				body.subjectClaim(), body.allowedEmailDomains());
	}

	/** An identity provider to set. */
	record Provider(String issuer, String clientId, String clientSecret, String subjectClaim,
			List<String> allowedEmailDomains) {
	}

}
