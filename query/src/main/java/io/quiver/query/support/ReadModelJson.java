package io.quiver.query.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * JSON columns of the read models. A mapper of their own, like the event store's, so that
 * web serialisation settings cannot change what is stored. Map entries are written in key
 * order, so a row holds the same text whether its event came live or was read back from
 * the store by a rebuild (whose maps iterate in another order).
 */
public final class ReadModelJson {

	private static final ObjectMapper MAPPER = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
		.build();

	private ReadModelJson() {
	}

	public static String write(Object value) {
		try {
			return MAPPER.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write a read-model column", ex);
		}
	}

	public static <T> T read(String json, Class<T> type) {
		try {
			return (json != null) ? MAPPER.readValue(json, type) : null;
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot read a read-model column", ex);
		}
	}

	public static <T> T read(String json, TypeReference<T> type) {
		try {
			return (json != null) ? MAPPER.readValue(json, type) : null;
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot read a read-model column", ex);
		}
	}

	public static ObjectMapper mapper() {
		return MAPPER;
	}

}
