package io.quiver.edge.call;

import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * What a {@code resources/read} of a resource link came to (SPEC R12.8): the resource's
 * contents, or why not.
 *
 * @param contents the {@code contents} of the result; null when refused or failed
 * @param reason why there are no contents, as the in-band answer of a call would say it;
 * null on success
 * @param refused whether the link was refused (not the caller's, unknown, or a gate of
 * its tool said no) rather than failed upstream or in Quiver
 */
public record ResourceRead(ArrayNode contents, String reason, boolean refused) {

	static ResourceRead of(ToolResult result, boolean refused) {
		if (!result.isError()) {
			return new ResourceRead(result.content(), null, false);
		}
		StringBuilder reason = new StringBuilder();
		result.content().forEach((block) -> reason.append(block.path("text").asText("")));
		return new ResourceRead(null, reason.toString(), refused);
	}

}
