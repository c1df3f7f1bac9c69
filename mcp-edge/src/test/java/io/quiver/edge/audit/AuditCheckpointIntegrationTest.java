package io.quiver.edge.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.audit.proof.EntryEncoding;
import io.quiver.query.audit.proof.VerifyTrailCommand;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signed checkpoints, proofs and the auditor's offline check (SPEC R10.11), told as an
 * auditor's story: fetch the published key once; get a checkpoint; the trail grows; get a
 * later checkpoint, an inclusion proof and a consistency proof over REST and MCP; export
 * the trail; then, with no server, {@code java … --quiver.verify-trail=…} (a process of
 * its own) verifies it all. A tampered export is refused naming the entry; a rewritten
 * and re-hashed trail is refused by the checkpoint's root; a checkpoint not signed by the
 * pinned key is refused.
 */
class AuditCheckpointIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path dir;

	@Test
	void anAuditorVerifiesAnExportAndItsProofsOffline() throws Exception {
		String org = this.organizations.create("checkpoint");
		Rest auditor = rest(org, "owner");
		HttpResponse<String> key = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/.well-known/quiver-audit-key.pem")).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(key.statusCode()).as("published: no token needed").isEqualTo(200);
		assertThat(key.headers().firstValue("Content-Type")).hasValue("application/x-pem-file");
		assertThat(key.body()).startsWith("-----BEGIN PUBLIC KEY-----");
		Path keyFile = write("key.pem", key.body());

		call(org, 7);
		JsonNode first = auditor.get("/api/v1/audit/checkpoints/latest").json();
		assertThat(first.path("size").asLong()).isEqualTo(7);
		assertThat(first.path("orgId").asText()).isEqualTo(org);
		assertThat(first.path("rootHash").asText()).hasSize(64);
		assertThat(first.path("keyId").asText()).hasSize(32);
		assertThat(first.path("signature").asText()).isNotBlank();
		assertThat(first.has("timestamp")).isTrue();
		assertThat(auditor.get("/api/v1/audit/checkpoints/latest").json()).as("unchanged trail, same checkpoint")
			.isEqualTo(first);

		call(org, 6);
		JsonNode later = auditor.get("/api/v1/audit/checkpoints/latest").json();
		assertThat(later.path("size").asLong()).isEqualTo(13);
		JsonNode inclusion = auditor.get("/api/v1/audit/proofs/inclusion?entry=3").json();
		assertThat(inclusion.path("treeSize").asLong()).isEqualTo(13);
		assertThat(inclusion.path("checkpoint")).isEqualTo(later);
		JsonNode consistency = auditor.get("/api/v1/audit/proofs/consistency?from=7").json();
		assertThat(consistency.path("from")).isEqualTo(first);
		assertThat(consistency.path("to")).isEqualTo(later);
		try (Mcp client = mcp(org, "owner")) {
			Mcp.Result atSeven = client.call("quiver__audit__checkpoint", Map.of("size", 7));
			assertThat(atSeven.isError()).as(atSeven.text()).isFalse();
			assertThat(atSeven.structured()).isEqualTo(first);
			Mcp.Result proved = client.call("quiver__audit__prove", Map.of("entry", "3", "to", 13));
			assertThat(proved.structured().path("path")).isEqualTo(inclusion.path("path"));
			Mcp.Result both = client.call("quiver__audit__prove", Map.of("entry", "3", "from", 7));
			assertThat(both.isError()).isTrue();
		}
		assertThat(auditor.get("/api/v1/audit/proofs/inclusion?entry=no-such-entry").status()).isEqualTo(404);
		assertThat(auditor.get("/api/v1/audit/checkpoints/999").status()).isEqualTo(400);

		Path checkpoint = write("checkpoint.json", later.toString());
		Path proofs = write("inclusion.json", inclusion.toString());
		Path consistent = write("consistency.json", consistency.toString());
		String export = auditor.get("/api/v1/audit/export?format=jsonl").body();
		Path exported = write("export.jsonl", export);

		Offline verified = offlineInAProcessOfItsOwn(exported, checkpoint, keyFile, proofs + "," + consistent);
		assertThat(verified.exit()).as(verified.output()).isZero();
		assertThat(verified.output()).contains("VERIFIED")
			.contains("16 entries read")
			.contains("entries 14 to 16 are chained but after the checkpoint")
			.contains("inclusion proof of entry 3 in the tree of 13 holds")
			.contains("consistency proof from 7 to 13 entries holds");

		List<String> lines = new ArrayList<>(export.lines().toList());
		ObjectNode fifth = (ObjectNode) JSON.readTree(lines.get(4));
		fifth.put("outcome", "error");
		lines.set(4, fifth.toString());
		Offline tampered = offline(write("tampered.jsonl", String.join("\n", lines)), checkpoint, keyFile, null);
		assertThat(tampered.exit()).isEqualTo(1);
		assertThat(tampered.output())
			.contains("FAILED: entry 5 (" + fifth.path("entryId").asText() + "): its content does not match");

		Offline rewritten = offline(write("rewritten.jsonl", rehashedAfterEditing(export, 2)), checkpoint, keyFile,
				null);
		assertThat(rewritten.exit()).isEqualTo(1);
		assertThat(rewritten.output())
			.contains("is not the checkpoint's: the trail the checkpoint signed was rewritten");

		ObjectNode forged = (ObjectNode) later.deepCopy();
		forged.put("size", 12);
		Offline unsigned = offline(exported, write("forged.json", forged.toString()), keyFile, null);
		assertThat(unsigned.exit()).isEqualTo(1);
		assertThat(unsigned.output()).contains("is not signed by key");

		Offline shortExport = offline(write("short.jsonl", String.join("\n", export.lines().limit(10).toList())),
				checkpoint, keyFile, null);
		assertThat(shortExport.output()).contains("entries 11 onwards are missing");
	}

	/** What a superuser could do: edit an entry and re-hash and re-chain the rest. */
	private static String rehashedAfterEditing(String export, int seq) throws IOException {
		List<String> out = new ArrayList<>();
		String previous = "0".repeat(64);
		for (String line : export.lines().toList()) {
			ObjectNode entry = (ObjectNode) JSON.readTree(line);
			if (entry.path("seq").asInt() == seq) {
				entry.put("outcome", "denied");
			}
			entry.put("prevHash", previous);
			entry.put("hash", EntryEncoding.hash(entry));
			previous = entry.path("hash").asText();
			out.add(entry.toString());
		}
		return String.join("\n", out);
	}

	private void call(String org, int times) {
		try (Mcp owner = mcp(org, "owner")) {
			for (int i = 0; i < times; i++) {
				Mcp.Result result = owner.call((i % 2 == 0) ? "quiver__org__get" : "quiver__members__list", Map.of());
				assertThat(result.isError()).as(result.text()).isFalse();
			}
		}
	}

	private Path write(String name, String content) throws IOException {
		return Files.writeString(this.dir.resolve(name), content, StandardCharsets.UTF_8);
	}

	private record Offline(int exit, String output) {
	}

	private static Offline offline(Path export, Path checkpoint, Path key, String proofs) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		int exit = VerifyTrailCommand.run(arguments(export, checkpoint, key, proofs).toArray(String[]::new),
				new PrintStream(out, true, StandardCharsets.UTF_8));
		return new Offline(exit, out.toString(StandardCharsets.UTF_8));
	}

	/** As an auditor runs it: the jar's main class in a JVM of its own, nothing else. */
	private static Offline offlineInAProcessOfItsOwn(Path export, Path checkpoint, Path key, String proofs)
			throws Exception {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
						System.getProperty("java.class.path"), "io.quiver.QuiverApplication"));
		command.addAll(arguments(export, checkpoint, key, proofs));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		return new Offline(process.exitValue(), output);
	}

	private static List<String> arguments(Path export, Path checkpoint, Path key, String proofs) {
		List<String> arguments = new ArrayList<>(List.of("--quiver.verify-trail=" + export,
				"--quiver.checkpoint=" + checkpoint, "--quiver.checkpoint-key=" + key));
		if (proofs != null) {
			arguments.add("--quiver.proof=" + proofs);
		}
		return arguments;
	}

}
