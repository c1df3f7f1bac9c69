package io.quiver.edge.console;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.call.MetaTools;
import io.quiver.edge.call.SearchPreview;
import io.quiver.edge.mcp.McpToolList;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Scope;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * "What the model sees": a member's MCP surface exactly as {@code tools/list} would
 * render it for a token with the given scopes (SPEC R5.2, R5.3, R5.6), its size, and what
 * {@code search_tools} would answer them (R6). The same {@link ToolSurface},
 * {@link McpToolList} and ranking as the MCP endpoint; nothing is executed or audited.
 * <p>
 * One's own surface needs nothing more than an active membership (it is one's own
 * {@code tools/list}); another member's needs {@code restrictions:read}, the permission
 * of the compliance question "what could this member reach".
 */
@Service
public class SurfaceService {

	/**
	 * Bytes per token of the estimate: JSON tool definitions average about four bytes per
	 * token with common BPE tokenizers. An estimate, not a count.
	 */
	public static final int BYTES_PER_TOKEN = 4;

	private final ControlPlaneAccess access;

	private final PolicyStore policies;

	private final ToolSurface surface;

	private final McpToolList toolList;

	private final ObjectMapper json;

	SurfaceService(ControlPlaneAccess access, PolicyStore policies, ToolSurface surface, McpToolList toolList,
			ObjectMapper json) {
		this.access = access;
		this.policies = policies;
		this.surface = surface;
		this.toolList = toolList;
		this.json = json;
	}

	/**
	 * The member's surface with these scopes, and the answer to a search when a query is
	 * given.
	 */
	public Preview preview(Caller caller, String member, Set<Scope> scopes, String query, Integer limit) {
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			PolicySnapshot policy = lease.snapshot();
			MemberView target = member(policy, caller, member);
			if (!target.memberId().equals(caller.memberId())) {
				this.access.require(caller, ControlPlaneOperation.RESTRICTIONS_EFFECTIVE);
			}
			Set<Scope> granted = scopes.isEmpty() ? EnumSet.noneOf(Scope.class) : EnumSet.copyOf(scopes);
			Caller as = new Caller(policy.orgId(), target.memberId(), target.subject(), target.role(), target.status(),
					granted, ConsoleCallers.VIA);
			CallerSurface visible = this.surface.of(policy, as);
			List<ObjectNode> definitions = this.toolList.definitions(visible);
			ObjectNode result = this.json.createObjectNode();
			result.putArray("tools").addAll(definitions);
			List<Line> lines = new ArrayList<>();
			for (ObjectNode definition : definitions) {
				String name = definition.path("name").asText();
				lines.add(new Line(name, kind(name), classification(definition),
						definition.path("description").asText(), bytes(definition)));
			}
			List<String> withheld = new ArrayList<>();
			if (visible.collapsed()) {
				visible.connected().forEach((tool) -> withheld.add(tool.name()));
			}
			SearchPreview.Result search = (query != null && !query.isBlank())
					? SearchPreview.of(policy, visible, query.strip(), limit) : null;
			int bytes = bytes(result);
			return new Preview(target.subject(), target.role().name(), target.status().name(), scopeNames(granted),
					visible.count(), visible.threshold(), visible.collapsed(), visible.controlPlane().size(),
					visible.connected().size(), lines, withheld, bytes, (bytes + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN,
					pretty(result), search);
		}
	}

	private static MemberView member(PolicySnapshot policy, Caller caller, String member) {
		if (member == null || member.isBlank()) {
			return policy.member(caller.memberId());
		}
		MemberView found = policy.memberByIdOrSubject(member);
		if (found == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no member '" + member + "'");
		}
		return found;
	}

	private static String kind(String name) {
		if (ControlPlaneOperation.ofToolName(name) != null) {
			return "control plane";
		}
		return MetaTools.isMetaTool(name) ? "meta-tool" : "connected";
	}

	private static String classification(ObjectNode definition) {
		String name = definition.path("name").asText();
		ControlPlaneOperation operation = ControlPlaneOperation.ofToolName(name);
		if (operation != null) {
			return operation.classification().name().toLowerCase(java.util.Locale.ROOT);
		}
		com.fasterxml.jackson.databind.JsonNode annotations = definition.path("annotations");
		if (annotations.path("readOnlyHint").asBoolean(false)) {
			return "read";
		}
		return annotations.path("destructiveHint").asBoolean(false) ? "destructive" : "write";
	}

	private static List<String> scopeNames(Set<Scope> scopes) {
		return scopes.stream().map(Scope::wireName).sorted().toList();
	}

	private int bytes(ObjectNode node) {
		try {
			return this.json.writeValueAsBytes(node).length;
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private String pretty(ObjectNode node) {
		try {
			return this.json.writerWithDefaultPrettyPrinter().writeValueAsString(node);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A member's surface.
	 *
	 * @param member the member's subject
	 * @param role the member's role
	 * @param status the member's status
	 * @param scopes the scopes the preview assumed
	 * @param count visible control-plane operations plus connected tools (R5.2)
	 * @param threshold the organisation's collapse threshold
	 * @param collapsed whether {@code tools/list} shows the meta-tools instead of the
	 * connected tools (R5.3)
	 * @param controlPlane visible control-plane operations
	 * @param connected visible connected tools
	 * @param tools the {@code tools/list} definitions, in order
	 * @param searchable connected tools reachable only through {@code search_tools}
	 * (collapsed surface)
	 * @param bytes size of {@code {"tools":[…]}} as compact UTF-8 JSON
	 * @param estimatedTokens {@code bytes / 4}, rounded up
	 * @param json the same, pretty-printed
	 * @param search what {@code search_tools} answers, or null
	 */
	public record Preview(String member, String role, String status, List<String> scopes, int count, int threshold,
			boolean collapsed, int controlPlane, int connected, List<Line> tools, List<String> searchable, int bytes,
			int estimatedTokens, String json, SearchPreview.Result search) {
	}

	/**
	 * One tool definition of the list.
	 *
	 * @param name advertised name
	 * @param kind {@code control plane}, {@code meta-tool} or {@code connected}
	 * @param classification read, write or destructive
	 * @param description its description
	 * @param bytes size of its definition
	 */
	public record Line(String name, String kind, String classification, String description, int bytes) {
	}

}
