package io.quiver.edge.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.command.catalog.api.BodyEncoding;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

public class OpenApiConnectorImporterTest {

	private final OpenApiConnectorImporter importer = new OpenApiConnectorImporter();

	@Test
	void givenGithubsIssuesApi_whenImported_thenOperationsNamesAndClassificationsFollowTheDocument() {
		ConnectorDefinition github = this.importer.importDocument("github", "GitHub", resource("github-issues.yaml"),
				false);

		assertThat(github.kind()).isEqualTo(ConnectorKind.HTTP);
		assertThat(github.baseUrl()).isEqualTo("https://api.github.com");
		assertThat(github.allowPrivateNetwork()).isFalse();
		assertThat(github.description()).startsWith("GitHub v3 REST API");
		assertThat(github.operations()).extracting(OperationDefinition::name)
			.containsExactly("issues_list_for_repo", "issues_create", "issues_get", "issues_update", "issues_lock",
					"issues_unlock", "issues_remove_label", "head_repos_owner_repo_issues_issue_number_reactions");
		assertThat(github.operations()).extracting(OperationDefinition::classification)
			.containsExactly(Classification.READ, Classification.WRITE, Classification.READ, Classification.WRITE,
					Classification.WRITE, Classification.DESTRUCTIVE, Classification.DESTRUCTIVE, Classification.READ);
		assertThat(github.operations()).extracting(OperationDefinition::method)
			.containsExactly("GET", "POST", "GET", "PATCH", "PUT", "DELETE", "DELETE", "HEAD");
	}

	@Test
	void givenSharedParametersByRef_whenImported_thenTheyJoinOneSchemaWithTheirPlaces() {
		OperationDefinition list = operation("github-issues.yaml", "issues_list_for_repo");

		assertThat(list.path()).isEqualTo("/repos/{owner}/{repo}/issues");
		assertThat(list.title()).isEqualTo("List repository issues");
		assertThat(list.description())
			.isEqualTo("List repository issues\n\nList issues in a repository. Only open issues will be listed.");
		assertThat(list.parameters()).containsOnly(entry("owner", ParameterLocation.PATH),
				entry("repo", ParameterLocation.PATH), entry("state", ParameterLocation.QUERY),
				entry("labels", ParameterLocation.QUERY), entry("per_page", ParameterLocation.QUERY),
				entry("page", ParameterLocation.QUERY));
		JsonNode schema = list.inputSchema();
		assertThat(schema.path("type").asText()).isEqualTo("object");
		assertThat(names(schema.path("required"))).containsExactly("owner", "repo");
		assertThat(schema.at("/properties/owner/description").asText()).startsWith("The account owner");
		assertThat(names(schema.at("/properties/state/enum"))).containsExactly("open", "closed", "all");
		assertThat(schema.at("/properties/per_page/type").asText()).isEqualTo("integer");
	}

	@Test
	void givenAJsonBody_whenImported_thenItsPropertiesAreBodyArgumentsAndItsRequiredCarryOver() {
		OperationDefinition create = operation("github-issues.yaml", "issues_create");

		assertThat(create.bodyEncoding()).isEqualTo(BodyEncoding.JSON);
		assertThat(create.parameters()).containsEntry("title", ParameterLocation.BODY)
			.containsEntry("body", ParameterLocation.BODY)
			.containsEntry("assignees", ParameterLocation.BODY)
			.containsEntry("owner", ParameterLocation.PATH);
		assertThat(names(create.inputSchema().path("required"))).containsExactly("owner", "repo", "title");
		assertThat(create.inputSchema().at("/properties/title/oneOf")).hasSize(2);
	}

	@Test
	void givenPathLevelParametersAndRecursiveSchemas_whenImported_thenRefsAreInlinedAndRecursionCut() {
		OperationDefinition update = operation("github-issues.yaml", "issues_update");

		assertThat(update.parameters()).containsEntry("issue_number", ParameterLocation.PATH)
			.containsEntry("milestone", ParameterLocation.BODY);
		JsonNode milestone = update.inputSchema().at("/properties/milestone");
		assertThat(milestone.path("description").asText()).isEqualTo("The milestone to associate this issue with.");
		assertThat(milestone.at("/properties/parent_issue/properties/parent/description").asText())
			.contains("recursive");
		assertThat(update.inputSchema().toString()).doesNotContain("$ref");
		assertThat(names(update.inputSchema().path("required"))).containsExactly("owner", "repo", "issue_number");
	}

	@Test
	void givenAnOperationWithoutIdOrDeclaredPathParameters_whenImported_thenNamedFromMethodAndPath() {
		OperationDefinition head = operation("github-issues.yaml",
				"head_repos_owner_repo_issues_issue_number_reactions");

		assertThat(head.parameters()).containsOnlyKeys("owner", "repo", "issue_number");
		assertThat(names(head.inputSchema().path("required"))).containsExactly("owner", "repo", "issue_number");
	}

	@Test
	void givenStripesFormApi_whenImported_thenFormBodiesHeadersAndClashesAreMapped() {
		ConnectorDefinition stripe = this.importer.importDocument("stripe", "Stripe", resource("stripe-customers.json"),
				true);

		assertThat(stripe.baseUrl()).isEqualTo("https://api.stripe.com");
		assertThat(stripe.allowPrivateNetwork()).isTrue();
		assertThat(stripe.operations()).extracting(OperationDefinition::name)
			.containsExactly("get_customers", "post_customers", "post_customers_customer", "delete_customers_customer");
		OperationDefinition list = stripe.operation("get_customers");
		assertThat(list.parameters()).containsEntry("Stripe-Account", ParameterLocation.HEADER)
			.doesNotContainKey("Authorization")
			.containsEntry("created", ParameterLocation.QUERY);
		OperationDefinition create = stripe.operation("post_customers");
		assertThat(create.bodyEncoding()).isEqualTo(BodyEncoding.FORM);
		assertThat(create.parameters()).containsOnlyKeys("address", "description", "email", "metadata", "name",
				"preferred_locales");
		assertThat(create.inputSchema().has("required")).isFalse();
		assertThat(create.description()).isEqualTo("Create a customer\n\n<p>Creates a new customer object.</p>");
		OperationDefinition update = stripe.operation("post_customers_customer");
		assertThat(update.parameters()).containsEntry("customer", ParameterLocation.PATH)
			.containsEntry("body_customer", ParameterLocation.BODY)
			.containsEntry("email", ParameterLocation.BODY);
		assertThat(names(update.inputSchema().path("required"))).containsExactly("customer", "email");
		assertThat(stripe.operation("delete_customers_customer").classification())
			.isEqualTo(Classification.DESTRUCTIVE);
		assertThat(stripe.operation("post_files")).isNull();
	}

	@ParameterizedTest
	@CsvSource({ "listPets, list_pets", "issues/list-for-repo, issues_list_for_repo",
			"GetHTTPServerStatus, get_http_server_status", "PostCustomersCustomer, post_customers_customer",
			"__weird--Name__, weird_name", "'get_/pets/{petId}', get_pets_pet_id", "'***', operation" })
	void givenOperationIds_whenNamed_thenSnakeCase(String raw, String expected) {
		assertThat(OpenApiConnectorImporter.snakeCase(raw)).isEqualTo(expected);
	}

	@Test
	void givenDuplicateOperationIds_whenImported_thenNamesAreMadeUnique() {
		String doc = """
				openapi: 3.0.3
				info: {title: Dupes, version: '1'}
				servers: [{url: 'https://{region}.api.example.com/v1', variables: {region: {default: eu}}}]
				paths:
				  /a: {get: {operationId: listThings, responses: {'200': {description: ok}}}}
				  /b: {get: {operationId: list-things, responses: {'200': {description: ok}}}}
				""";

		ConnectorDefinition connector = this.importer.importDocument("dupes", "Dupes", doc, false);

		assertThat(connector.baseUrl()).isEqualTo("https://eu.api.example.com/v1");
		assertThat(connector.operations()).extracting(OperationDefinition::name)
			.containsExactly("list_things", "list_things_2");
	}

	static Stream<Arguments> unusableDocuments() {
		String head = "openapi: 3.0.3\ninfo: {title: x, version: '1'}\n";
		String server = "servers: [{url: 'https://api.example.com'}]\n";
		String get = "paths: {/a: {get: {responses: {'200': {description: ok}}}}}";
		return Stream.of(
				Arguments.of("swagger: '2.0'\ninfo: {title: x, version: '1'}\npaths: {}",
						"Swagger (OpenAPI 2.0) document; Quiver reads OpenAPI 3: convert it"),
				Arguments.of("info: {title: x, version: '1'}\npaths: {}", "not an OpenAPI 3 document"),
				Arguments.of(head + get, "no servers"),
				Arguments.of(head + "servers: [{url: /api/v1}]\n" + get, "is relative"),
				Arguments.of(head + "servers: [{url: 'ftp://files.example.com'}]\n" + get, "not http(s)"),
				Arguments.of(head + server + "paths: {}", "no usable operations"),
				Arguments.of(head + server + "paths: {/f: {post: {requestBody: {required: true, content: "
						+ "{multipart/form-data: {schema: {type: object}}}}, responses: {'200': {description: ok}}}}}",
						"1 left out"),
				Arguments
					.of(head + server + "paths: {/a: {get: {parameters: [{$ref: 'https://evil.example/p.yaml#/p'}], "
							+ "responses: {'200': {description: ok}}}}}", "refers to another document"));
	}

	@ParameterizedTest
	@MethodSource("unusableDocuments")
	void givenAnUnusableDocument_whenImported_thenTheMessageSaysWhatToFix(String document, String message) {
		assertThatThrownBy(() -> this.importer.importDocument("x", "X", document, false))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining(message);
	}

	@Test
	void givenTextThatIsNoDocument_whenImported_thenSaidSo() {
		assertThatThrownBy(() -> this.importer.importDocument("x", "X", "{{{ not: [yaml", false))
			.hasMessageContaining("neither valid JSON nor valid YAML");
		assertThatThrownBy(() -> this.importer.importDocument("x", "X", "   ", false)).hasMessageContaining("empty");
		assertThatThrownBy(() -> this.importer.importDocument("x", "X", "- a list", false))
			.hasMessageContaining("not a JSON or YAML object");
	}

	private OperationDefinition operation(String file, String name) {
		OperationDefinition operation = this.importer.importDocument("doc", "Doc", resource(file), false)
			.operation(name);
		assertThat(operation).as(name).isNotNull();
		return operation;
	}

	private static List<String> names(JsonNode array) {
		return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
	}

	public static String resource(String name) {
		try (InputStream in = OpenApiConnectorImporterTest.class.getResourceAsStream("/openapi/" + name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
