package io.quiver.edge.support;

import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * How request bodies are read: a JSON number or boolean where the API expects text is
 * refused rather than silently turned into text (a label of {@code 7} is a mistake, not
 * the label "7"); a fraction or a string where it expects a whole number is refused
 * rather than cut or parsed ({@code callsPerMinutePerMember: 1.5} is not a limit of 1),
 * as the tools' input schemas refuse them on {@code tools/call}; and a body that cannot
 * be read is explained by field.
 */
@Configuration(proxyBeanMethods = false)
public class JsonInput {

	@Bean
	Jackson2ObjectMapperBuilderCustomizer noScalarsAsText() {
		return (builder) -> builder.postConfigurer((mapper) -> {
			mapper.coercionConfigFor(LogicalType.Textual)
				.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
				.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
				.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
			mapper.coercionConfigFor(LogicalType.Integer)
				.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
				.setCoercion(CoercionInputShape.String, CoercionAction.Fail);
		});
	}

	/** What is wrong with an unreadable body, in the client's terms. */
	static String problem(Throwable cause) {
		if (cause instanceof UnrecognizedPropertyException unknown) {
			return "unknown field '" + path(unknown) + "'; the fields are "
					+ unknown.getKnownPropertyIds()
						.stream()
						.map(String::valueOf)
						.sorted()
						.collect(Collectors.joining(", "));
		}
		if (cause instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
			return "field '" + path(mismatch) + "' has the wrong type: expected " + expected(mismatch.getTargetType());
		}
		if (cause instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
			return "the body must be a JSON object";
		}
		if (cause instanceof JsonProcessingException json) {
			return "not valid JSON: " + MessageText.firstLine(json.getOriginalMessage());
		}
		return (cause != null) ? MessageText.firstLine(cause.getMessage()) : "the body is missing";
	}

	private static String path(JsonMappingException ex) {
		return ex.getPath()
			.stream()
			.map((ref) -> (ref.getFieldName() != null) ? ref.getFieldName() : "[" + ref.getIndex() + "]")
			.collect(Collectors.joining("."))
			.replace(".[", "[");
	}

	private static String expected(Class<?> type) {
		if (type == null) {
			return "another type";
		}
		if (CharSequence.class.isAssignableFrom(type)) {
			return "a string";
		}
		if (type == Integer.class || type == Long.class || type == int.class || type == long.class) {
			return "a whole number";
		}
		if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
			return "a number";
		}
		if (type == Boolean.class || type == boolean.class) {
			return "true or false";
		}
		if (Iterable.class.isAssignableFrom(type) || type.isArray()) {
			return "a list";
		}
		return "an object";
	}

}
