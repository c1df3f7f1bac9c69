package io.quiver.edge.upstream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.quiver.command.connection.vault.Credential;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Removes secrets from everything a tool result carries (SPEC R7.7), replacing each with
 * {@value #MARK}:
 * <ol>
 * <li>the connection's own credential in every form an upstream may echo (token, header
 * value, basic password and the base64 {@code user:password} blob, URL-encoded
 * forms);</li>
 * <li>bearer tokens ({@code Bearer} followed by at least 16 token characters, so that
 * prose about "bearer tokens" survives);</li>
 * <li>values matching {@code quiver.redaction.patterns} (regular expressions; give them
 * as a YAML list or indexed properties, because a comma-separated value would split a
 * pattern such as {@code {8,}}). Setting the property replaces {@link #DEFAULT_PATTERNS},
 * which cover common key shapes: Stripe, GitHub, Slack, AWS access key ids, GitLab,
 * Google API keys, Notion, Linear, JWTs and PEM private keys.</li>
 * </ol>
 * Every string value of the content blocks and of {@code structuredContent} is redacted,
 * and so is every error text.
 */
@Component
public class ResultRedactor {

	public static final String MARK = "[REDACTED]";

	public static final List<String> DEFAULT_PATTERNS = List.of("\\b[sr]k_(?:live|test)_[0-9A-Za-z]{10,}",
			"\\bgh[pousr]_[A-Za-z0-9]{20,}", "\\bgithub_pat_[A-Za-z0-9_]{20,}", "\\bxox[abposr]-[A-Za-z0-9-]{10,}",
			"\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b", "\\bglpat-[A-Za-z0-9_-]{20,}", "\\bAIza[0-9A-Za-z_-]{35}",
			"\\b(?:secret|ntn)_[A-Za-z0-9]{30,}", "\\blin_api_[A-Za-z0-9]{30,}",
			"\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*",
			"-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----");

	private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer)\\s+[A-Za-z0-9\\-._~+/]{16,}=*");

	private final List<Pattern> patterns;

	@Autowired
	public ResultRedactor(Environment environment) {
		this(Binder.get(environment)
			.bind("quiver.redaction.patterns", Bindable.listOf(String.class))
			.orElse(DEFAULT_PATTERNS));
	}

	public ResultRedactor(List<String> patterns) {
		List<Pattern> compiled = new ArrayList<>();
		for (String pattern : patterns) {
			compiled.add(Pattern.compile(pattern));
		}
		this.patterns = List.copyOf(compiled);
	}

	/** A redactor for one call, knowing the connection's credential (may be null). */
	public Redaction forCredential(Credential credential) {
		List<String> secrets = new ArrayList<>();
		if (credential != null) {
			for (String value : credential.secretValues()) {
				if (value != null && !value.isEmpty()) {
					secrets.add(value);
				}
			}
		}
		// longest first, so a secret that contains another is removed whole
		secrets.sort(Comparator.comparingInt(String::length).reversed());
		return new Redaction(List.copyOf(secrets), this.patterns);
	}

	/** Redaction with one credential's secrets and the configured patterns. */
	public static final class Redaction {

		private final List<String> secrets;

		private final List<Pattern> patterns;

		private Redaction(List<String> secrets, List<Pattern> patterns) {
			this.secrets = secrets;
			this.patterns = patterns;
		}

		/** The text without secrets; null stays null. */
		public String text(String text) {
			if (text == null || text.isEmpty()) {
				return text;
			}
			String out = text;
			for (String secret : this.secrets) {
				if (out.contains(secret)) {
					out = out.replace(secret, MARK);
				}
			}
			Matcher bearer = BEARER.matcher(out);
			if (bearer.find()) {
				out = bearer.replaceAll((m) -> Matcher.quoteReplacement(m.group(1) + " " + MARK));
			}
			for (Pattern pattern : this.patterns) {
				Matcher matcher = pattern.matcher(out);
				if (matcher.find()) {
					out = matcher.replaceAll(MARK);
				}
			}
			return out;
		}

		/**
		 * A copy of the JSON with every string value and every object key redacted (an
		 * upstream may key a map by a token); null stays null.
		 */
		public JsonNode json(JsonNode node) {
			if (node == null) {
				return null;
			}
			if (node.isTextual()) {
				return TextNode.valueOf(text(node.textValue()));
			}
			if (node.isArray()) {
				ArrayNode copy = ((ArrayNode) node).arrayNode(node.size());
				for (JsonNode item : node) {
					copy.add(json(item));
				}
				return copy;
			}
			if (node.isObject()) {
				ObjectNode copy = ((ObjectNode) node).objectNode();
				Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
				while (fields.hasNext()) {
					Map.Entry<String, JsonNode> field = fields.next();
					copy.set(key(copy, text(field.getKey())), json(field.getValue()));
				}
				return copy;
			}
			return node;
		}

		/** A redacted key, numbered when another redacted key already took its place. */
		private static String key(ObjectNode object, String redacted) {
			String key = redacted;
			for (int n = 2; object.has(key); n++) {
				key = redacted + " (" + n + ")";
			}
			return key;
		}

	}

}
