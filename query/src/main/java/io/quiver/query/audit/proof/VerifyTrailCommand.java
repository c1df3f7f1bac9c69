package io.quiver.query.audit.proof;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The offline check of SPEC R10.11, run by
 * {@code java -jar quiver.jar --quiver.verify-trail=<export.jsonl> --quiver.checkpoint=<checkpoint.json> --quiver.checkpoint-key=<key.pem>}
 * and optionally {@code --quiver.proof=<proof.json>[,<proof.json>…]}: no server, no
 * database, no Spring context; the files are all it trusts, the key most. Prints its
 * report and answers the exit status: 0 verified, 1 refused, 2 the command was given
 * wrong (a file missing, an option absent).
 */
public final class VerifyTrailCommand {

	/** The option that selects this command. */
	public static final String OPTION = "--quiver.verify-trail=";

	private static final ObjectMapper JSON = new ObjectMapper();

	private VerifyTrailCommand() {
	}

	/** Whether the arguments ask for this command. */
	public static boolean requested(String[] args) {
		for (String arg : args) {
			if (arg.startsWith(OPTION)) {
				return true;
			}
		}
		return false;
	}

	public static int run(String[] args, PrintStream out) {
		Map<String, String> options = new LinkedHashMap<>();
		for (String arg : args) {
			int eq = arg.indexOf('=');
			if (arg.startsWith("--") && eq > 2) {
				options.put(arg.substring(2, eq), arg.substring(eq + 1));
			}
		}
		String export = options.get("quiver.verify-trail");
		String checkpoint = options.get("quiver.checkpoint");
		String key = options.get("quiver.checkpoint-key");
		if (export == null || checkpoint == null || key == null) {
			out.println("usage: java -jar quiver.jar --quiver.verify-trail=<export.jsonl> "
					+ "--quiver.checkpoint=<checkpoint.json> --quiver.checkpoint-key=<key.pem> "
					+ "[--quiver.proof=<proof.json>[,<proof.json>...]]");
			return 2;
		}
		try {
			PublicKey publicKey = CheckpointSignature.readPublicKey(Files.readString(Path.of(key)));
			JsonNode signed = JSON.readTree(Files.readString(Path.of(checkpoint)));
			List<JsonNode> proofs = new ArrayList<>();
			String proofOption = options.get("quiver.proof");
			if (proofOption != null && !proofOption.isBlank()) {
				for (String file : proofOption.split(",")) {
					proofs.add(JSON.readTree(Files.readString(Path.of(file.strip()))));
				}
			}
			ExportVerifier.Outcome outcome;
			try (BufferedReader lines = Files.newBufferedReader(Path.of(export), StandardCharsets.UTF_8)) {
				outcome = ExportVerifier.verify(lines, ExportVerifier.checkpoint(signed), publicKey, proofs);
			}
			outcome.report().forEach(out::println);
			if (outcome.ok()) {
				out.println("VERIFIED: " + export + " against " + checkpoint);
			}
			return outcome.ok() ? 0 : 1;
		}
		catch (IOException ex) {
			out.println("cannot read " + ex.getMessage());
			return 2;
		}
		catch (IllegalArgumentException ex) {
			out.println("FAILED: " + ex.getMessage());
			return 1;
		}
	}

}
