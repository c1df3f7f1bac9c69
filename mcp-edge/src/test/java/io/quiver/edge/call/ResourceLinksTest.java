package io.quiver.edge.call;

import java.util.Set;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.quiver.command.connection.vault.VaultKey;
import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.member.api.Role;
import io.quiver.query.access.Caller;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Resource links are sealed for one caller, tool and connection, and open for that caller
 * alone, on any node with the same vault key (SPEC R12.8).
 */
class ResourceLinksTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final Caller alice = caller("m-alice", "alice");

	private final ResourceLinks links = new ResourceLinks(VaultKey.of(new byte[32]));

	@Test
	void aLinkIsSealedForItsCallerAndOpensOnAnyNodeWithTheSameKey() {
		String uri = sealedUri();
		assertThat(uri).startsWith(ResourceLinks.SCHEME).doesNotContain("demo:");
		ResourceLinks otherNode = new ResourceLinks(VaultKey.of(new byte[32]));
		assertThat(otherNode.open(this.alice, uri))
			.isEqualTo(new ResourceLinks.Link("org", "m-alice", "alice", "tool-key", "c-1", "demo://text/2"));
	}

	@Test
	void aLinkOpensForNobodyElseNorUnderAnotherKey() {
		String uri = sealedUri();
		assertThat(this.links.open(caller("m-bob", "bob"), uri)).isNull();
		// the same subject as another member (removed and invited again) is not the same
		// caller
		assertThat(this.links.open(caller("m-alice-2", "alice"), uri)).isNull();
		byte[] other = new byte[32];
		other[0] = 1;
		assertThat(new ResourceLinks(VaultKey.of(other)).open(this.alice, uri)).isNull();
		assertThat(this.links.open(this.alice, uri + "x")).isNull();
		assertThat(this.links.open(this.alice, ResourceLinks.SCHEME + "eyJhbGciOiJkaXIifQ..a.b.c")).isNull();
		assertThat(this.links.open(this.alice, "demo://text/2")).isNull();
	}

	@Test
	void onlyResourceLinksAreSealedAndAReadIsRelabelledWithTheLinksUri() throws Exception {
		ArrayNode content = (ArrayNode) JSON.readTree("[{\"type\":\"text\",\"text\":\"demo://text/2\"},"
				+ "{\"type\":\"resource\",\"resource\":{\"uri\":\"demo://text/2\",\"text\":\"t\"}}]");
		assertThat(this.links.seal(this.alice, "tool-key", "c-1", content)).isEqualTo(content);

		String uri = sealedUri();
		ArrayNode contents = (ArrayNode) JSON
			.readTree("[{\"uri\":\"demo://text/2\",\"text\":\"t\"},{\"uri\":\"demo://other\",\"text\":\"o\"}]");
		ArrayNode relabelled = this.links.relabel(contents, this.links.open(this.alice, uri), uri);
		assertThat(relabelled.get(0).path("uri").asText()).isEqualTo(uri);
		assertThat(relabelled.get(1).path("uri").asText()).isEqualTo("demo://other");
	}

	private String sealedUri() {
		ArrayNode content = JSON.createArrayNode();
		content.addObject().put("type", "resource_link").put("uri", "demo://text/2").put("name", "Text 2");
		ArrayNode sealed = this.links.seal(this.alice, "tool-key", "c-1", content);
		assertThat(sealed.get(0).path("name").asText()).isEqualTo("Text 2");
		return sealed.get(0).path("uri").asText();
	}

	private static Caller caller(String memberId, String subject) {
		return new Caller("org", memberId, subject, Role.MEMBER, MemberStatus.ACTIVE, Set.of(), "mcp");
	}

}
