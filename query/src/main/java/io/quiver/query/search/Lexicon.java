package io.quiver.query.search;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The built-in data the query reader uses, loaded once from the classpath and read-only
 * afterwards: the verb equivalences (R6.10), the English function words (R6.9c), the
 * well-known application names (R6.9c) and the generic verbs (R6.14). The files are data,
 * reviewed like code.
 */
final class Lexicon {

	static final String VERB_EQUIVALENCES = "search/verb-equivalences.tsv";

	static final String FUNCTION_WORDS = "search/function-words.txt";

	static final String APPLICATION_NAMES = "search/application-names.txt";

	static final String GENERIC_VERBS = "search/generic-verbs.txt";

	private final Map<String, List<String>> equivalents;

	private final Set<String> functionWords;

	private final Set<String> genericVerbs;

	/** Squashed application name to the name as the list writes it. */
	private final Map<String, String> applications;

	/** Squashed alias to the squashed name it stands for. */
	private final Map<String, String> aliases;

	private Lexicon(Map<String, List<String>> equivalents, Set<String> functionWords, Set<String> genericVerbs,
			Map<String, String> applications, Map<String, String> aliases) {
		this.equivalents = equivalents;
		this.functionWords = functionWords;
		this.genericVerbs = genericVerbs;
		this.applications = applications;
		this.aliases = aliases;
	}

	static Lexicon load() {
		Map<String, List<String>> equivalents = new LinkedHashMap<>();
		lines(VERB_EQUIVALENCES, (line) -> {
			String[] cells = line.split("\t");
			if (cells.length != 2) {
				throw new IllegalStateException(VERB_EQUIVALENCES + ": expected 'word<TAB>equivalent', got " + line);
			}
			String word = single(cells[0]);
			String equivalent = single(cells[1]);
			List<String> list = equivalents.computeIfAbsent(word, (w) -> new ArrayList<>());
			if (!list.contains(equivalent)) {
				list.add(equivalent);
			}
		});
		equivalents.replaceAll((word, list) -> List.copyOf(list));
		Set<String> functionWords = new HashSet<>();
		lines(FUNCTION_WORDS, (line) -> functionWords.add(single(line)));
		Set<String> genericVerbs = new HashSet<>();
		lines(GENERIC_VERBS, (line) -> genericVerbs.add(single(line)));
		Map<String, String> applications = new HashMap<>();
		Map<String, String> aliases = new HashMap<>();
		lines(APPLICATION_NAMES, (line) -> {
			String[] names = line.split(",");
			String name = names[0].strip();
			String canonical = Tokens.squashed(name);
			applications.putIfAbsent(canonical, name);
			for (int i = 1; i < names.length; i++) {
				aliases.putIfAbsent(Tokens.squashed(names[i]), canonical);
			}
		});
		return new Lexicon(Collections.unmodifiableMap(equivalents), Set.copyOf(functionWords),
				Set.copyOf(genericVerbs), Collections.unmodifiableMap(applications),
				Collections.unmodifiableMap(aliases));
	}

	/** The equivalents a token may score through, in table order; empty if none. */
	List<String> equivalents(String token) {
		return this.equivalents.getOrDefault(token, List.of());
	}

	boolean isFunctionWord(String token) {
		return this.functionWords.contains(token);
	}

	/** Whether a token is a verb of any object (R6.14): {@code list}, {@code create}. */
	boolean isGenericVerb(String token) {
		return this.genericVerbs.contains(token);
	}

	/** The well-known application a canonical squashed name stands for, or null. */
	String application(String canonical) {
		return this.applications.get(canonical);
	}

	/**
	 * The canonical form of a squashed application name: the name an alias stands for,
	 * else the name itself ({@code gdrive} gives {@code googledrive}).
	 */
	String canonical(String squashed) {
		return this.aliases.getOrDefault(squashed, squashed);
	}

	private static String single(String cell) {
		List<String> tokens = Tokens.of(cell.trim());
		if (tokens.size() != 1) {
			throw new IllegalStateException("expected one token, got '" + cell + "'");
		}
		return tokens.get(0);
	}

	private static void lines(String resource, Consumer<String> sink) {
		try (InputStream in = Lexicon.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException("missing classpath resource " + resource);
			}
			BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
			String line;
			while ((line = reader.readLine()) != null) {
				int hash = line.indexOf('#');
				String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
				if (!content.isEmpty()) {
					sink.accept(content);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
