package io.quiver.query.search.archsample;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.query.toolindex.api.PolicySnapshot;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the search engine depending on a
 * library and on the policy state instead of the JDK and its own api.
 */
public class SearchReadingPolicy {

	public String describe(PolicySnapshot policy) throws Exception {
		return new ObjectMapper().writeValueAsString(policy.settings());
	}

}
