package io.quiver.query.search;

import java.util.BitSet;

import io.quiver.query.search.SearchIndex.Tool;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The index holds each distinct token once, not once per tool that has it
 * (docs/scale-out.md, memory): what a node's heap per tool is mostly made of after the
 * schemas.
 */
class TokenSharingTest {

	private static Tool tool(String key, String name, String connector, String description, String label) {
		// every token its own string, as tokens split from separate documents are
		return new Tool(key, new SearchDocument(name, connector, connector, description),
				new String[] { new String(label), new String("create"), new String("issue") },
				new String[] { new String(connector) }, new String[] { new String("opens"), new String(description) },
				new String[] { new String(connector) }, new String[] { new String(label), new String(connector) }, 2);
	}

	@Test
	void aTokenOfSeveralToolsIsOneStringInEveryField() {
		FieldIndex fields = new FieldIndex(Lexicon.load());
		Tool first = tool("a", "work__create_issue", "github", "tickets", "work");
		Tool second = tool("b", "work__create_issue", "github", "tickets", "work");

		fields.add(0, first);
		fields.add(1, second);

		for (int i = 0; i < 3; i++) {
			assertThat(second.name()[i]).isSameAs(first.name()[i]);
		}
		assertThat(second.connector()[0]).isSameAs(first.connector()[0]);
		assertThat(second.description()[1]).isSameAs(first.description()[1]);
		assertThat(second.connectorNames()[0]).isSameAs(first.connectorNames()[0]);
		// the label's tokens are the name's and the connector's
		assertThat(second.label()[0]).isSameAs(first.name()[0]);
		assertThat(second.label()[1]).isSameAs(first.connector()[0]);
	}

	@Test
	void toolsOfOneConnectorShareItsTokensAndAreStillFoundAfterOthersAreRemoved() {
		SearchIndex index = new SearchIndex();
		index.put("one", new SearchDocument("work__create_issue", "github", "GitHub", "Opens an issue"));
		index.put("two", new SearchDocument("work__close_issue", "github", "GitHub", "Closes an issue"));
		index.put("three", new SearchDocument("home__create_page", "notion", "Notion", "Creates a page"));
		index.remove("one");
		index.put("four", new SearchDocument("work__list_issues", "github", "GitHub", "Lists issues"));
		BitSet visible = new BitSet();
		for (String key : new String[] { "two", "three", "four" }) {
			visible.set(index.ordinal(key));
		}

		assertThat(SearchFixture.keys(index.search(new SearchRequest("close github issue", 5, visible, null)))).first()
			.isEqualTo("two");
		assertThat(SearchFixture.keys(index.search(new SearchRequest("create notion page", 5, visible, null))))
			.containsExactly("three");
		assertThat(SearchFixture.keys(index.search(new SearchRequest("list issues", 5, visible, null)))).first()
			.isEqualTo("four");
	}

}
