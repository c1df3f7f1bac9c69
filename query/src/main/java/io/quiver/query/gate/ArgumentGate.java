package io.quiver.query.gate;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * Validates a call's arguments against the tool's advertised input schema with the
 * networknt JSON Schema validator (a maintained implementation of drafts 4 to 2020-12,
 * rather than a hand-written subset). Failures are in-band errors that name the argument
 * (SPEC R7.2); the messages name locations and expectations, never echo the caller's
 * values into the trail.
 * <p>
 * Schemas come from upstream servers and admins, so they are untrusted: remote
 * {@code $ref}s are never fetched (no outbound request on validation), and a schema that
 * does not compile refuses the call rather than letting unvalidated arguments through.
 * Compiled schemas are cached per schema instance (schemas are immutable once
 * advertised). A call without a schema (a resource read, R12.8: no arguments of its
 * caller) has nothing to validate.
 */
@Component
public class ArgumentGate extends AbstractCallStep {

	private static final int MAX_CACHED = 20_000;

	private static final int MAX_MESSAGES = 5;

	private static final Set<String> KNOWN_DIALECTS = Set.of("https://json-schema.org/draft/2020-12/schema",
			"https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft-07/schema",
			"http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-06/schema#",
			"http://json-schema.org/draft-04/schema#");

	private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
			(builder) -> builder.schemaLoader((loader) -> loader.fetchRemoteResources(false)));

	private final Map<IdentityKey, Compiled> cache = new ConcurrentHashMap<>();

	static final String NAME = "arguments";

	public ArgumentGate() {
		super(NAME, Extent.CALL);
	}

	@Override
	public Verdict apply(Call call) {
		return (call.schema() != null) ? check(call.name(), call.schema(), call.arguments())
				: Verdict.allow(Gate.ARGUMENTS);
	}

	public Verdict check(String toolName, JsonNode schema, ObjectNode arguments) {
		Compiled compiled = compile(schema);
		if (compiled.problem() != null) {
			return Verdict.deny(Gate.ARGUMENTS, "the input schema of " + toolName + " cannot be used for validation ("
					+ compiled.problem() + "); the call was not made. Ask an admin to refresh or fix the tool");
		}
		List<Error> errors = compiled.schema().validate(arguments);
		if (errors.isEmpty()) {
			return Verdict.allow(Gate.ARGUMENTS);
		}
		List<String> messages = errors.stream().map(ArgumentGate::describe).sorted().limit(MAX_MESSAGES).toList();
		String more = (errors.size() > MAX_MESSAGES) ? " (+" + (errors.size() - MAX_MESSAGES) + " more)" : "";
		return Verdict.deny(Gate.ARGUMENTS, "invalid arguments for " + toolName + ": " + String.join("; ", messages)
				+ more + ". Fix the arguments and call again.");
	}

	private static String describe(Error message) {
		String location = message.getInstanceLocation().toString();
		String property = message.getProperty();
		String where = (property != null) ? "argument '" + join(location, property) + "'"
				: (location.isEmpty() || location.equals("/")) ? "arguments" : "argument '" + location + "'";
		return where + ": " + message.getMessage().replaceFirst("^\\S*: ", "");
	}

	private static String join(String location, String property) {
		String base = (location.isEmpty() || location.equals("/")) ? "" : location.substring(1) + "/";
		return base + property;
	}

	private Compiled compile(JsonNode schema) {
		IdentityKey key = new IdentityKey(schema);
		Compiled compiled = this.cache.get(key);
		if (compiled == null) {
			compiled = doCompile(schema);
			if (this.cache.size() >= MAX_CACHED) {
				this.cache.clear();
			}
			this.cache.put(key, compiled);
		}
		return compiled;
	}

	private Compiled doCompile(JsonNode schema) {
		try {
			JsonNode usable = schema;
			if (schema.hasNonNull("$schema") && !KNOWN_DIALECTS.contains(schema.get("$schema").asText())) {
				usable = ((ObjectNode) schema).deepCopy().without("$schema");
			}
			Schema compiled = this.registry.getSchema(usable);
			compiled.initializeValidators();
			return new Compiled(compiled, null);
		}
		catch (RuntimeException ex) {
			return new Compiled(null, (ex.getMessage() != null) ? ex.getMessage().lines().findFirst().orElse("")
					: ex.getClass().getSimpleName());
		}
	}

	/** Names of the arguments, sorted, for the audit trail (never values, SPEC R10.2). */
	public static List<String> argumentNames(ObjectNode arguments) {
		return (arguments == null) ? List.of()
				: java.util.stream.StreamSupport.stream(((Iterable<String>) arguments::fieldNames).spliterator(), false)
					.sorted()
					.collect(Collectors.toList());
	}

	private record Compiled(Schema schema, String problem) {
	}

	private record IdentityKey(Object target) {

		@Override
		public boolean equals(Object other) {
			return other instanceof IdentityKey key && key.target == this.target;
		}

		@Override
		public int hashCode() {
			return System.identityHashCode(this.target);
		}

	}

}
