package io.quiver.query.gate.outbound;

import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OutboundUrlsTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final ConnectorDefinition API = new ConnectorDefinition("api", "API", ConnectorKind.HTTP, null,
			"https://api.example.com/v1/", null, null, false, 1);

	@Test
	void givenAPathArgumentWithReservedCharacters_whenBuilt_thenItStaysOneEncodedSegment() throws Exception {
		OperationDefinition op = operation("GET", "/pages/{id}", Map.of("id", ParameterLocation.PATH));

		String url = OutboundUrls.build(API, op, args("{\"id\": \"a b/c?d#e%f..\"}")).toString();

		assertThat(url).isEqualTo("https://api.example.com/v1/pages/a%20b%2Fc%3Fd%23e%25f..");
	}

	@Test
	void givenQueryArguments_whenBuilt_thenArraysRepeatObjectsFlattenAndNullsAreLeftOut() throws Exception {
		OperationDefinition op = operation("GET", "/search?kind=page", Map.of());

		String url = OutboundUrls
			.build(API, op,
					args("{\"q\": \"a&b=c\", \"tag\": [\"x\", \"y\"], \"filter\": {\"state\": \"open\"}, "
							+ "\"none\": null, \"n\": 3, \"flag\": true}"))
			.toString();

		assertThat(url).isEqualTo("https://api.example.com/v1/search?kind=page&q=a%26b%3Dc&tag=x&tag=y"
				+ "&filter%5Bstate%5D=open&n=3&flag=true");
	}

	@Test
	void givenUndeclaredArguments_whenTheMethodHasABody_thenTheyStayOutOfTheUrl() throws Exception {
		OperationDefinition post = operation("POST", "/pages", Map.of("dry_run", ParameterLocation.QUERY));

		String url = OutboundUrls.build(API, post, args("{\"title\": \"x\", \"dry_run\": true}")).toString();

		assertThat(url).isEqualTo("https://api.example.com/v1/pages?dry_run=true");
		assertThat(OutboundUrls.locationOf(post, "title")).isEqualTo(ParameterLocation.BODY);
		assertThat(OutboundUrls.locationOf(operation("DELETE", "/x", Map.of()), "title"))
			.isEqualTo(ParameterLocation.QUERY);
	}

	@Test
	void givenAMissingOrStructuredPathArgument_whenBuilt_thenRefusedWithTheArgumentName() {
		OperationDefinition op = operation("GET", "/pages/{id}", Map.of("id", ParameterLocation.PATH));

		assertThatThrownBy(() -> OutboundUrls.build(API, op, args("{}"))).hasMessageContaining("'id'");
		assertThatThrownBy(() -> OutboundUrls.build(API, op, args("{\"id\": {\"a\": 1}}")))
			.hasMessageContaining("string or a number");
		assertThatThrownBy(() -> OutboundUrls.build(API, op, args("{\"id\": \"\"}")))
			.hasMessageContaining("cannot be empty");
	}

	static OperationDefinition operation(String method, String path, Map<String, ParameterLocation> parameters) {
		return new OperationDefinition("op", null, null, method, path, null, parameters, null, null,
				Classification.ofHttpMethod(method), null);
	}

	static ObjectNode args(String json) {
		try {
			return (ObjectNode) JSON.readTree(json);
		}
		catch (Exception ex) {
			throw new IllegalArgumentException(ex);
		}
	}

}
