package io.quiver.command.catalog.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;

/**
 * The connectors Quiver ships with, loaded once from the versioned files
 * {@code classpath:catalog/*.json} (SPEC R4.1). A file that does not parse, or breaks a
 * rule (duplicate operation, path parameter missing from the schema), stops the start-up
 * with a message naming the file: a broken catalog must not ship quietly.
 */
@Component
public class CuratedCatalog {

	static final String LOCATION = "classpath*:catalog/*.json";

	private static final ObjectMapper MAPPER = JsonMapper.builder()
		.enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");

	private final Map<String, ConnectorDefinition> connectors;

	public CuratedCatalog() {
		this(LOCATION);
	}

	CuratedCatalog(String location) {
		Map<String, ConnectorDefinition> byId = new LinkedHashMap<>();
		try {
			Resource[] resources = new PathMatchingResourcePatternResolver().getResources(location);
			List<Resource> sorted = new ArrayList<>(List.of(resources));
			sorted.sort(Comparator.comparing((r) -> String.valueOf(r.getFilename())));
			for (Resource resource : sorted) {
				ConnectorDefinition connector = parse(resource);
				if (byId.putIfAbsent(connector.id(), connector) != null) {
					throw new IllegalStateException("catalog file " + resource.getFilename() + " repeats connector id '"
							+ connector.id() + "'");
				}
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read the curated catalog at " + location, ex);
		}
		this.connectors = Collections.unmodifiableMap(byId);
	}

	/** Every curated connector, in file-name order. */
	public List<ConnectorDefinition> connectors() {
		return List.copyOf(this.connectors.values());
	}

	/** The curated connector with this id, or null. */
	public ConnectorDefinition connector(String id) {
		return this.connectors.get(id);
	}

	public boolean contains(String id) {
		return this.connectors.containsKey(id);
	}

	static ConnectorDefinition parse(Resource resource) {
		try (InputStream in = resource.getInputStream()) {
			return toDefinition(MAPPER.readValue(in, CatalogFile.class));
		}
		catch (IOException | RuntimeException ex) {
			throw new IllegalStateException(
					"catalog file " + resource.getFilename() + " is not a valid connector: " + ex.getMessage(), ex);
		}
	}

	private static ConnectorDefinition toDefinition(CatalogFile file) {
		if (file.kind() != ConnectorKind.HTTP) {
			throw new IllegalArgumentException("curated connectors are of kind http");
		}
		List<OperationDefinition> operations = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (CatalogOperation op : file.operations()) {
			if (!names.add(op.name())) {
				throw new IllegalArgumentException("operation '" + op.name() + "' appears twice");
			}
			Classification classification = op.forbidden() ? Classification.FORBIDDEN
					: (op.classification() != null) ? op.classification() : Classification.ofHttpMethod(op.method());
			Map<String, ParameterLocation> parameters = (op.parameters() != null) ? op.parameters() : Map.of();
			requirePathParametersDeclared(op, parameters);
			operations.add(new OperationDefinition(op.name(), op.title(), op.description(), op.method(), op.path(),
					op.inputSchema(), parameters, op.bodyEncoding(), op.graphqlQuery(), classification, null));
		}
		return new ConnectorDefinition(file.id(), file.label(), file.kind(), file.description(), file.baseUrl(),
				operations, file.headers(), false, file.version(), file.oauth());
	}

	private static void requirePathParametersDeclared(CatalogOperation op, Map<String, ParameterLocation> parameters) {
		Matcher matcher = PATH_PARAMETER.matcher(op.path());
		while (matcher.find()) {
			String name = matcher.group(1);
			if (parameters.get(name) != ParameterLocation.PATH) {
				throw new IllegalArgumentException("operation '" + op.name() + "': path parameter {" + name
						+ "} is not declared as a path parameter");
			}
			if (op.inputSchema() == null || !op.inputSchema().path("properties").has(name)) {
				throw new IllegalArgumentException(
						"operation '" + op.name() + "': path parameter {" + name + "} is not in the input schema");
			}
		}
	}

	/**
	 * The file format; {@code source} names the vendor reference the operations were
	 * written from.
	 */
	record CatalogFile(String id, String label, ConnectorKind kind, int version, String description, String source,
			String baseUrl, Map<String, String> headers, List<CatalogOperation> operations, OAuthSettings oauth) {
	}

	/**
	 * One operation in a catalog file; classification defaults to the method's (SPEC
	 * R3.1).
	 */
	record CatalogOperation(String name, String title, String description, String method, String path,
			JsonNode inputSchema, Map<String, ParameterLocation> parameters, BodyEncoding bodyEncoding,
			String graphqlQuery, Classification classification, boolean forbidden) {
	}

}
