package io.quiver.query.gate.outbound;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;

import io.quiver.query.gate.api.Verdict;

/**
 * The outbound URL gate's answer for one URL: the verdict and, when allowed, the
 * addresses the host resolved to, all of them checked.
 *
 * @param url the URL that was checked
 * @param addresses the checked addresses; empty when refused
 * @param verdict allowed, or denied by {@link Gate#OUTBOUND_URL} with the reason
 * @param unresolved whether the denial is only that the host did not resolve (an upstream
 * problem rather than a policy refusal)
 */
public record OutboundTarget(URI url, List<InetAddress> addresses, Verdict verdict, boolean unresolved) {

	public OutboundTarget {
		addresses = (addresses != null) ? List.copyOf(addresses) : List.of();
	}

	static OutboundTarget refused(URI url, Verdict verdict) {
		return new OutboundTarget(url, List.of(), verdict, false);
	}

	static OutboundTarget unresolved(URI url, Verdict verdict) {
		return new OutboundTarget(url, List.of(), verdict, true);
	}

	public boolean allowed() {
		return this.verdict.allowed();
	}

}
