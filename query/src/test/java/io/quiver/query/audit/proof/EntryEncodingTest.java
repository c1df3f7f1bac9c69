package io.quiver.query.audit.proof;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What an entry's hash covers (SPEC R10.10): version 1 as entries before the cut-over
 * were hashed (a vector computed outside this code), with its ambiguity; version 2 the
 * RFC 8785 canonical JSON, which tells {@code ["target","toolbox"]} from
 * {@code ["target,toolbox"]} and lets later fields join.
 */
class EntryEncodingTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void versionOneHashesAsEntriesBeforeTheCutOverWere() {
		ObjectNode entry = entry(List.of("target", "toolbox"));
		entry.remove("v");
		assertThat(EntryEncoding.hash(entry))
			.isEqualTo("4eebc02655497df3b1218693686f56fbbe22d1319a7d78593fdebc69292bae6f");
		ObjectNode merged = entry(List.of("target,toolbox"));
		merged.remove("v");
		assertThat(EntryEncoding.hash(merged)).as("the ambiguity version 2 removes")
			.isEqualTo(EntryEncoding.hash(entry));
	}

	@Test
	void versionTwoTellsTheCommaMergeApart() {
		assertThat(EntryEncoding.hash(entry(List.of("target", "toolbox"))))
			.isNotEqualTo(EntryEncoding.hash(entry(List.of("target,toolbox"))));
		assertThat(EntryEncoding.hash(entry(List.of("a", "b")))).isNotEqualTo(EntryEncoding.hash(entry(List.of("ab"))));
	}

	@Test
	void versionTwoIsTheCanonicalJsonOfEverythingButTheHash() throws Exception {
		ObjectNode entry = entry(List.of("id"));
		String hash = EntryEncoding.hash(entry);
		ObjectNode reordered = (ObjectNode) JSON
			.readTree("{\"prevHash\":\"" + "0".repeat(64) + "\",\"v\":2,\"argumentNames\":[\"id\"]}");
		entry.fields().forEachRemaining((field) -> reordered.set(field.getKey(), field.getValue()));
		reordered.put("hash", "whatever is stored");
		assertThat(EntryEncoding.hash(reordered)).as("member order and the hash member do not count").isEqualTo(hash);
		ObjectNode altered = entry.deepCopy();
		altered.put("outcome", "error");
		assertThat(EntryEncoding.hash(altered)).isNotEqualTo(hash);
		ObjectNode downgraded = entry.deepCopy();
		downgraded.put("v", 1);
		assertThat(EntryEncoding.hash(downgraded)).as("the version is covered").isNotEqualTo(hash);
	}

	@Test
	void aFieldAddedLaterJoinsWithoutChangingOlderEntries() {
		ObjectNode older = entry(List.of("id"));
		String hash = EntryEncoding.hash(older);
		ObjectNode newer = older.deepCopy();
		newer.put("traceId", "4bf92f3577b34da6a3ce929d0e0e4736");
		assertThat(EntryEncoding.hash(newer)).as("covered once present").isNotEqualTo(hash);
		assertThat(EntryEncoding.hash(older)).as("an entry without it hashes as it did").isEqualTo(hash);
	}

	@Test
	void anUnknownVersionAndADowngradeAreRefused() {
		ObjectNode future = entry(List.of());
		future.put("v", 3);
		assertThatThrownBy(() -> EntryEncoding.hash(future)).hasMessageContaining("version 3");
		ObjectNode legacy = entry(List.of());
		legacy.remove("v");
		assertThat(EntryEncoding.requireNoDowngrade(EntryEncoding.LEGACY, legacy)).isEqualTo(1);
		assertThatThrownBy(() -> EntryEncoding.requireNoDowngrade(EntryEncoding.CURRENT, legacy))
			.hasMessageContaining("cut-over");
	}

	@Test
	void theCanonicalJsonIsRfc8785() throws Exception {
		assertThat(new String(CanonicalJson.bytes(JSON.readTree("{\"b\":[1,true,null],\"a\":\"x\\u001f\\n\\\"é\"}")),
				java.nio.charset.StandardCharsets.UTF_8))
			.isEqualTo("{\"a\":\"x\\u001f\\n\\\"é\",\"b\":[1,true,null]}");
		assertThatThrownBy(() -> CanonicalJson.bytes(JSON.readTree("{\"a\":1.5}")))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> CanonicalJson.bytes(JSON.getNodeFactory().textNode("x\ud800")))
			.isInstanceOf(IllegalArgumentException.class);
	}

	private static ObjectNode entry(List<String> names) {
		ObjectNode entry = JSON.createObjectNode();
		entry.put("v", 2);
		entry.put("orgId", "acme");
		entry.put("seq", 1);
		entry.put("entryId", "e-1");
		entry.put("at", "2026-11-30T10:00:00.123456Z");
		entry.put("memberId", "m-1");
		entry.put("subject", "alice");
		entry.put("requestedName", "echo__get");
		entry.put("viaExecuteTool", false);
		entry.put("resolvedTool", "echo__get");
		entry.put("operation", "echo.get_item");
		entry.put("classification", "read");
		entry.put("decision", "allowed");
		entry.put("outcome", "success");
		entry.putArray("argumentNames").addAll(names.stream().map(JSON.getNodeFactory()::textNode).toList());
		entry.put("argumentCount", 2);
		entry.put("durationMicros", 1500);
		entry.put("prevHash", "0".repeat(64));
		return entry;
	}

}
