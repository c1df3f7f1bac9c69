package io.quiver.command.catalog.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.quiver.command.naming.api.NamingRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The curated catalog (SPEC R4.1) loads, is large enough to be useful, and every
 * operation is one a model can be given: a valid JSON Schema, declared path parameters, a
 * name that fits the advertised-name rules (R4.4) and a classification (R3.1).
 */
class CuratedCatalogTest {

	private static final Pattern OPERATION_NAME = Pattern.compile("[a-z0-9_]+");

	private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");

	private static final Pattern GRAPHQL_VARIABLE_DEFINITION = Pattern.compile("\\$(\\w+)\\s*:");

	/** The longest connection label NamingRules accepts. */
	private static final String LONGEST_LABEL = "notion-marketing-emea-archive1";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static CuratedCatalog catalog;

	private static List<JsonNode> files;

	@BeforeAll
	static void load() throws IOException {
		catalog = new CuratedCatalog();
		files = new ArrayList<>();
		for (Resource resource : new PathMatchingResourcePatternResolver().getResources(CuratedCatalog.LOCATION)) {
			try (InputStream in = resource.getInputStream()) {
				JsonNode file = JSON.readTree(in);
				assertThat(resource.getFilename()).as("file name of connector %s", file.path("id").asText())
					.isEqualTo(file.path("id").asText() + ".json");
				files.add(file);
			}
		}
	}

	@Test
	void givenCatalogFiles_whenLoaded_thenEveryFileIsAConnector() {
		assertThat(catalog.connectors()).hasSize(files.size());
		assertThat(catalog.connectors()).extracting(ConnectorDefinition::id)
			.containsExactlyInAnyOrderElementsOf(files.stream().map((f) -> f.path("id").asText()).toList());
	}

	@Test
	void givenCatalog_whenCounted_thenAtLeastSixConnectorsWithTenOperationsEach() {
		assertThat(catalog.connectors()).hasSizeGreaterThanOrEqualTo(6);
		assertThat(catalog.connectors()).allSatisfy(
				(c) -> assertThat(c.operations()).as("operations of %s", c.id()).hasSizeGreaterThanOrEqualTo(10));
	}

	@Test
	void givenGitHub_whenRead_thenItDeclaresItsOAuthProvider() {
		OAuthSettings oauth = catalog.connector("github").oauth();
		assertThat(oauth).isNotNull();
		assertThat(oauth.authorizationEndpoint()).isEqualTo("https://github.com/login/oauth/authorize");
		assertThat(oauth.tokenEndpoint()).isEqualTo("https://github.com/login/oauth/access_token");
		assertThat(oauth.pkce()).isTrue();
		assertThat(oauth.revocable()).as("GitHub offers no RFC 7009 revocation").isFalse();
	}

	@Test
	void givenConnectors_whenInspected_thenEachNamesItsSourceAndAnHttpsBaseUrl() {
		assertThat(files).allSatisfy((file) -> {
			String id = file.path("id").asText();
			assertThat(id).isEqualTo(id.toLowerCase(Locale.ROOT));
			assertThat(file.path("kind").asText()).isEqualTo("http");
			assertThat(file.path("version").asInt()).as("version of %s", id).isPositive();
			assertThat(file.path("label").asText()).as("label of %s", id).isNotBlank();
			assertThat(file.path("description").asText()).as("description of %s", id).isNotBlank();
			assertThat(file.path("source").asText()).as("source of %s", id).startsWith("https://");
		});
		assertThat(catalog.connectors()).allSatisfy((c) -> {
			assertThat(c.kind()).isEqualTo(ConnectorKind.HTTP);
			assertThat(c.baseUrl()).as("base URL of %s", c.id()).startsWith("https://").doesNotEndWith("/");
			assertThat(c.allowPrivateNetwork()).isFalse();
		});
	}

	@Test
	void givenFixedHeaders_whenInspected_thenNoneCarriesACredential() {
		assertThat(catalog.connectors()).flatExtracting((c) -> c.headers().keySet())
			.allSatisfy((header) -> assertThat(header.toLowerCase(Locale.ROOT)).doesNotContain("authorization", "token",
					"secret", "key", "cookie"));
	}

	@Test
	void givenEveryOperation_whenInspected_thenItIsDescribedForAModel() {
		forEachOperation((c, op) -> {
			assertThat(op.title()).as("title of %s.%s", c.id(), op.name()).isNotBlank();
			assertThat(op.description()).as("description of %s.%s", c.id(), op.name()).hasSizeGreaterThan(30);
			assertThat(op.method()).as("method of %s.%s", c.id(), op.name())
				.isIn("GET", "POST", "PUT", "PATCH", "DELETE");
			assertThat(op.path()).as("path of %s.%s", c.id(), op.name()).startsWith("/");
		});
	}

	@Test
	void givenEveryInputSchema_whenValidatedAgainstTheMetaSchema_thenItIsAValidObjectSchema() {
		SchemaRegistry factory = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
		Schema metaSchema = factory.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
		forEachOperation((c, op) -> {
			JsonNode schema = op.inputSchema();
			String where = c.id() + "." + op.name();
			List<Error> problems = metaSchema.validate(schema);
			assertThat(problems).as("meta-schema problems of %s", where).isEmpty();
			assertThat(factory.getSchema(schema)).as("compiled schema of %s", where).isNotNull();
			assertThat(schema.path("type").asText()).as("type of %s", where).isEqualTo("object");
			assertThat(schema.path("properties").isObject()).as("properties of %s", where).isTrue();
			Set<String> properties = fieldNames(schema.path("properties"));
			assertThat(textValues(schema.path("required"))).as("required of %s", where).isSubsetOf(properties);
			schema.path("properties").fields().forEachRemaining((property) -> {
				JsonNode definition = property.getValue();
				assertThat(definition.path("description").asText())
					.as("description of %s argument %s", where, property.getKey())
					.isNotBlank();
				assertThat(definition.has("type")).as("type of %s argument %s", where, property.getKey()).isTrue();
			});
		});
	}

	@Test
	void givenAMalformedSchema_whenValidatedAgainstTheMetaSchema_thenProblemsAreReported() throws IOException {
		Schema metaSchema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
			.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
		JsonNode malformed = JSON.readTree("""
				{"type": "object", "properties": {"id": {"type": "text"}}, "required": "id"}
				""");

		assertThat(metaSchema.validate(malformed)).hasSizeGreaterThanOrEqualTo(2);
	}

	@Test
	void givenEveryOperation_whenItsPathIsExpanded_thenEveryPlaceholderIsARequiredPathArgument() {
		forEachOperation((c, op) -> {
			String where = c.id() + "." + op.name();
			Set<String> placeholders = new LinkedHashSet<>();
			Matcher matcher = PATH_PARAMETER.matcher(op.path());
			while (matcher.find()) {
				placeholders.add(matcher.group(1));
			}
			Set<String> declaredPath = op.parameters()
				.entrySet()
				.stream()
				.filter((e) -> e.getValue() == ParameterLocation.PATH)
				.map(Map.Entry::getKey)
				.collect(Collectors.toSet());
			assertThat(declaredPath).as("path parameters of %s", where).isEqualTo(placeholders);
			assertThat(textValues(op.inputSchema().path("required"))).as("required of %s", where)
				.containsAll(placeholders);
			assertThat(fieldNames(op.inputSchema().path("properties"))).as("arguments of %s", where)
				.containsAll(op.parameters().keySet());
		});
	}

	@Test
	void givenEveryConnector_whenOperationNamesListed_thenTheyAreUniqueSnakeCase() {
		assertThat(catalog.connectors()).allSatisfy((c) -> {
			List<String> names = c.operations().stream().map(OperationDefinition::name).toList();
			assertThat(names).as("operation names of %s", c.id()).doesNotHaveDuplicates();
			assertThat(names).allSatisfy((name) -> assertThat(name).matches(OPERATION_NAME));
		});
	}

	@Test
	void givenTheLongestLabel_whenEveryOperationIsAdvertised_thenNamesFitAndStayUnique() {
		assertThat(NamingRules.prefixProblem(LONGEST_LABEL)).isNull();
		assertThat(NamingRules.prefixProblem(LONGEST_LABEL + "x")).isNotNull();
		assertThat(catalog.connectors()).allSatisfy((c) -> {
			Set<String> advertised = new HashSet<>();
			for (OperationDefinition op : c.operations()) {
				String name = NamingRules.advertisedName(LONGEST_LABEL, op.name());
				assertThat(name).hasSizeLessThanOrEqualTo(NamingRules.MAX_TOOL_NAME).matches("[A-Za-z0-9_-]+");
				assertThat(name).isEqualTo(NamingRules.advertisedName(LONGEST_LABEL, op.name()));
				String full = LONGEST_LABEL + "__" + op.name();
				if (full.length() <= NamingRules.MAX_TOOL_NAME) {
					assertThat(name).isEqualTo(full);
				}
				assertThat(advertised.add(name)).as("advertised name %s is unique in %s", name, c.id()).isTrue();
			}
		});
	}

	@Test
	void givenAnOperationNameTooLongForTheLabel_whenAdvertised_thenItIsShortenedDeterministically() {
		String operation = "list_all_scheduled_messages_of_every_channel_in_the_workspace";
		String name = NamingRules.advertisedName(LONGEST_LABEL, operation);
		assertThat(name).hasSize(NamingRules.MAX_TOOL_NAME)
			.startsWith(LONGEST_LABEL + "__list_all_scheduled")
			.matches(".*-[0-9a-f]{6}")
			.isEqualTo(NamingRules.advertisedName(LONGEST_LABEL, operation))
			.isNotEqualTo(NamingRules.advertisedName(LONGEST_LABEL, operation + "_archived"));
	}

	@Test
	void givenEveryConnector_whenClassified_thenItOffersReadsAndWrites() {
		assertThat(catalog.connectors()).allSatisfy((c) -> {
			Set<Classification> classes = c.operations()
				.stream()
				.map(OperationDefinition::classification)
				.collect(Collectors.toSet());
			assertThat(classes).as("classifications of %s", c.id()).contains(Classification.READ, Classification.WRITE);
		});
		List<Classification> all = catalog.connectors()
			.stream()
			.flatMap((c) -> c.operations().stream())
			.map(OperationDefinition::classification)
			.toList();
		assertThat(all).contains(Classification.DESTRUCTIVE, Classification.FORBIDDEN);
	}

	@Test
	void givenAForbiddenOperation_whenDescribed_thenItSaysWhy() {
		forEachOperation((c, op) -> {
			if (op.forbidden()) {
				assertThat(op.description()).as("description of forbidden %s.%s", c.id(), op.name())
					.containsIgnoringCase("forbidden");
			}
		});
		assertThat(catalog.connector("github").operation("delete_repository").classification())
			.isEqualTo(Classification.FORBIDDEN);
	}

	@Test
	void givenHttpMethods_whenNotOverridden_thenClassificationFollowsTheMethod() {
		forEachFileOperation((connectorId, raw, op) -> {
			if (!raw.has("classification") && !raw.path("forbidden").asBoolean()) {
				assertThat(op.classification()).as("classification of %s.%s", connectorId, op.name())
					.isEqualTo(Classification.ofHttpMethod(op.method()));
			}
		});
		assertThat(catalog.connector("notion").operation("search_pages").classification())
			.isEqualTo(Classification.READ);
		assertThat(catalog.connector("notion").operation("trash_page").classification())
			.isEqualTo(Classification.DESTRUCTIVE);
	}

	@Test
	void givenGraphqlOperations_whenInspected_thenTheirVariablesAreExactlyTheArguments() {
		List<String> checked = new ArrayList<>();
		forEachOperation((c, op) -> {
			if (op.bodyEncoding() != BodyEncoding.GRAPHQL) {
				assertThat(op.graphqlQuery()).as("GraphQL document of non-GraphQL %s.%s", c.id(), op.name()).isNull();
				return;
			}
			String where = c.id() + "." + op.name();
			assertThat(op.method()).as("method of %s", where).isEqualTo("POST");
			assertThat(op.parameters()).as("parameters of %s", where).isEmpty();
			Set<String> variables = new TreeSet<>();
			Matcher matcher = GRAPHQL_VARIABLE_DEFINITION.matcher(op.graphqlQuery());
			while (matcher.find()) {
				variables.add(matcher.group(1));
			}
			assertThat(variables).as("variables of %s", where)
				.isEqualTo(new TreeSet<>(fieldNames(op.inputSchema().path("properties"))));
			boolean query = op.graphqlQuery().startsWith("query");
			assertThat(op.classification() == Classification.READ).as("classification of %s", where).isEqualTo(query);
			checked.add(where);
		});
		assertThat(checked).hasSizeGreaterThanOrEqualTo(10);
	}

	@Test
	void givenFormEncodedOperations_whenInspected_thenTheyAreExactlyStripesPosts() {
		forEachOperation((c, op) -> {
			if (op.bodyEncoding() == BodyEncoding.FORM) {
				assertThat(c.id()).isEqualTo("stripe");
				assertThat(op.method()).as("method of %s.%s", c.id(), op.name()).isEqualTo("POST");
			}
			if (c.id().equals("stripe") && op.method().equals("POST")) {
				assertThat(op.bodyEncoding()).as("body encoding of %s.%s", c.id(), op.name())
					.isEqualTo(BodyEncoding.FORM);
			}
		});
	}

	@Test
	void givenAFileWithAnUndeclaredPathParameter_whenLoaded_thenLoadingStopsNamingTheFile(@TempDir Path dir)
			throws IOException {
		Files.writeString(dir.resolve("broken.json"), """
				{"id": "broken", "label": "Broken", "kind": "http", "version": 1, "description": "d",
				 "source": "https://example.com/docs", "baseUrl": "https://api.example.com", "headers": {},
				 "operations": [{"name": "get_thing", "title": "Get", "description": "Gets a thing.",
				   "method": "GET", "path": "/things/{thing_id}",
				   "inputSchema": {"type": "object", "properties": {"thing_id": {"type": "string"}}}}]}
				""");

		assertThatIllegalStateException().isThrownBy(() -> new CuratedCatalog(location(dir)))
			.withMessageContaining("broken.json")
			.withMessageContaining("{thing_id}");
	}

	@Test
	void givenAFileThatIsNotJson_whenLoaded_thenLoadingStopsNamingTheFile(@TempDir Path dir) throws IOException {
		Files.writeString(dir.resolve("truncated.json"), "{\"id\": \"truncated\", \"operations\": [");

		assertThatIllegalStateException().isThrownBy(() -> new CuratedCatalog(location(dir)))
			.withMessageContaining("truncated.json");
	}

	@Test
	void givenAFileWithAnUnknownField_whenLoaded_thenLoadingStopsNamingTheFile(@TempDir Path dir) throws IOException {
		Files.writeString(dir.resolve("typo.json"), """
				{"id": "typo", "label": "Typo", "kind": "http", "version": 1, "baseUrl": "https://api.example.com",
				 "operatoins": []}
				""");

		assertThatIllegalStateException().isThrownBy(() -> new CuratedCatalog(location(dir)))
			.withMessageContaining("typo.json")
			.withMessageContaining("operatoins");
	}

	@Test
	void givenTwoFilesWithOneConnectorId_whenLoaded_thenLoadingStopsNamingTheSecondFile(@TempDir Path dir)
			throws IOException {
		String connector = """
				{"id": "twice", "label": "Twice", "kind": "http", "version": 1, "baseUrl": "https://api.example.com",
				 "operations": []}
				""";
		Files.writeString(dir.resolve("a-twice.json"), connector);
		Files.writeString(dir.resolve("b-twice.json"), connector);

		assertThatIllegalStateException().isThrownBy(() -> new CuratedCatalog(location(dir)))
			.withMessageContaining("b-twice.json")
			.withMessageContaining("twice");
	}

	private static String location(Path dir) {
		return dir.toUri() + "*.json";
	}

	private static void forEachOperation(OperationCheck check) {
		for (ConnectorDefinition connector : catalog.connectors()) {
			for (OperationDefinition op : connector.operations()) {
				check.accept(connector, op);
			}
		}
	}

	private static void forEachFileOperation(FileOperationCheck check) {
		for (JsonNode file : files) {
			String id = file.path("id").asText();
			for (JsonNode raw : file.path("operations")) {
				check.accept(id, raw, catalog.connector(id).operation(raw.path("name").asText()));
			}
		}
	}

	private static Set<String> fieldNames(JsonNode object) {
		Set<String> names = new LinkedHashSet<>();
		object.fieldNames().forEachRemaining(names::add);
		return names;
	}

	private static List<String> textValues(JsonNode array) {
		List<String> values = new ArrayList<>();
		array.forEach((v) -> values.add(v.asText()));
		return values;
	}

	@FunctionalInterface
	private interface OperationCheck {

		void accept(ConnectorDefinition connector, OperationDefinition operation);

	}

	@FunctionalInterface
	private interface FileOperationCheck {

		void accept(String connectorId, JsonNode raw, OperationDefinition operation);

	}

}
