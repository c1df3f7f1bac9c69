package io.quiver.edge.security;

import java.util.List;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.MemberStatusGate;
import io.quiver.query.gate.RateLimitGate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Gives REST controllers a {@link Caller} parameter: the token's subject as a member of
 * its organisation as of this request (SPEC R9). Not a member, or suspended or removed
 * (R2.5): 403. Over the member's calls per minute (R15.2): 429 with {@code Retry-After}.
 */
@Configuration(proxyBeanMethods = false)
public class RestCallers implements WebMvcConfigurer {

	private final CallerResolver resolver;

	private final MemberStatusGate memberStatusGate;

	private final RateLimitGate rateLimitGate;

	private final PolicyStore policies;

	public RestCallers(CallerResolver resolver, MemberStatusGate memberStatusGate, RateLimitGate rateLimitGate,
			PolicyStore policies) {
		this.resolver = resolver;
		this.memberStatusGate = memberStatusGate;
		this.rateLimitGate = rateLimitGate;
		this.policies = policies;
	}

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(new HandlerMethodArgumentResolver() {
			@Override
			public boolean supportsParameter(MethodParameter parameter) {
				return parameter.getParameterType() == Caller.class;
			}

			@Override
			public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
					NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
				Caller caller = current("rest");
				// a REST request spends from the member's calls per minute too (SPEC
				// R15.2)
				try (PolicyLease lease = RestCallers.this.policies.open(caller.orgId())) {
					if (lease != null) {
						RestCallers.this.rateLimitGate.requireWithin(lease.snapshot(), caller);
					}
				}
				return caller;
			}
		});
	}

	/** The caller of the current request, checked to be an active member. */
	public Caller current(String via) {
		CallerIdentity identity = this.resolver.identify(SecurityContextHolder.getContext().getAuthentication());
		if (identity == null) {
			throw new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED, "a bearer token is required");
		}
		Caller caller = this.resolver.resolve(identity, via);
		if (caller == null) {
			throw new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED,
					"subject '" + identity.subject() + "' is not a member of organisation '" + identity.orgId() + "'");
		}
		Verdict status = this.memberStatusGate.check(caller);
		if (status.denied()) {
			throw new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED, status.reason());
		}
		return caller;
	}

}
