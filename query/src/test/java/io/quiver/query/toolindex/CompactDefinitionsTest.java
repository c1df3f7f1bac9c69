package io.quiver.query.toolindex;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.member.api.Role;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The folds keep a connector's definitions in a compact copy (docs/scale-out.md, memory):
 * equal to the event's, written out byte for byte alike, with equal values shared, and
 * still a tree that code deriving a schema can copy and change.
 */
class CompactDefinitionsTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String STORED = """
			{"id":"tracker","label":"Tracker","kind":"HTTP","description":"Issues","baseUrl":"https://t.example.com",
			 "headers":{},"allowPrivateNetwork":false,"version":1,
			 "operations":[
			  {"name":"create_issue","description":"Creates an issue","method":"POST","path":"/issues",
			   "classification":"WRITE","inputSchema":{"type":"object","required":["title"],
			     "properties":{"title":{"type":"string","description":"Its title","maxLength":200},
			       "priority":{"type":"integer","enum":[1,2,3]},"labels":{"type":"array","items":{"type":"string"}}}}},
			  {"name":"get_issue","description":"Reads an issue","method":"GET","path":"/issues/{id}",
			   "classification":"READ","inputSchema":{"type":"object","properties":{"id":{"type":"string"},
			     "expand":{"type":"boolean","default":false}}}}]}
			""";

	@Test
	void aCompactCopyEqualsTheEventsDefinitionAndWritesTheSameBytes() throws Exception {
		ConnectorDefinition stored = JSON.readValue(STORED, ConnectorDefinition.class);

		ConnectorDefinition compact = CompactDefinitions.of(stored);

		assertThat(compact).isEqualTo(stored);
		assertThat(JSON.writeValueAsString(compact)).isEqualTo(JSON.writeValueAsString(stored));
	}

	@Test
	void equalValuesOfADefinitionAreOneObject() throws Exception {
		ConnectorDefinition compact = CompactDefinitions.of(JSON.readValue(STORED, ConnectorDefinition.class));
		JsonNode create = compact.operations().get(0).inputSchema();
		JsonNode get = compact.operations().get(1).inputSchema();

		assertThat(get.get("type")).isSameAs(create.get("type"));
		assertThat(get.at("/properties/id/type")).isSameAs(create.at("/properties/title/type"))
			.isSameAs(create.at("/properties/labels/items/type"));
		assertThat(compact.operations().get(1).method()).isEqualTo("GET");
	}

	@Test
	void aCompactSchemaIsStillATreeThatCanBeCopiedAndChanged() throws Exception {
		ConnectorDefinition compact = CompactDefinitions.of(JSON.readValue(STORED, ConnectorDefinition.class));
		ObjectNode schema = (ObjectNode) compact.operations().get(0).inputSchema();

		ObjectNode copy = schema.deepCopy();
		copy.withObjectProperty("properties").putObject("assignee").put("type", "string");
		schema.put("additionalProperties", false);

		assertThat(copy.at("/properties/assignee/type").asText()).isEqualTo("string");
		assertThat(schema.get("additionalProperties").asBoolean()).isFalse();
		assertThat(schema.at("/properties").size()).isEqualTo(3);
	}

	@Test
	void theFoldKeepsTheCompactCopyAndAccountToolsShareOneReadOnlyEmptyObject() throws Exception {
		ConnectorDefinition stored = JSON.readValue(STORED, ConnectorDefinition.class);
		PolicyFixture fixture = new PolicyFixture().member("alice", Role.OWNER);
		fixture.apply(new ConnectorRegisteredEvent(PolicyFixture.ORG, stored));
		fixture.connection("tracker", "work", "alice");

		List<ConnectedTool> tools = List.copyOf(fixture.snapshot().tools());

		assertThat(tools).hasSize(2);
		ConnectedTool create = tools.stream().filter((t) -> t.name().equals("work__create_issue")).findFirst().get();
		assertThat(create.inputSchema()).isEqualTo(stored.operations().get(0).inputSchema())
			.isNotSameAs(stored.operations().get(0).inputSchema());
		assertThat(tools.get(0).defaults()).isSameAs(tools.get(1).frozen());
		assertThat(tools.get(0).defaults()).isEmpty();
		assertThatThrownBy(() -> create.defaults().put("title", "x")).isInstanceOf(UnsupportedOperationException.class);
		assertThat(create.defaults().deepCopy().put("title", "x").get("title").asText()).isEqualTo("x");
	}

}
