package io.quiver.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

import io.quiver.benchmarks.EvalData.Query;
import io.quiver.benchmarks.EvalData.Setup;
import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;

/**
 * Search quality (SPEC R6.11): Quiver's {@link SearchIndex} and Lucene BM25 over the same
 * connected tools, per labelled query; hit@1, hit@5 and MRR over the queries that have a
 * right answer, and how many must-be-empty queries came back empty; for the set the
 * ranking was tuned on and, separately, for the held-out set.
 * <p>
 * Run: {@value #COMMAND}
 */
public final class SearchEvaluation {

	static final String COMMAND = "./mvnw -B -pl benchmarks -am package -DskipTests && java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.SearchEvaluation docs/BENCHMARKS.md";

	static final int LIMIT = 10;

	/** A named search function: (setup, query text) to ranked advertised names. */
	record Engine(String name, BiFunction<Prepared, String, List<String>> search) {
	}

	/** A setup with both indexes built. */
	record Prepared(Setup setup, SearchIndex quiver, BitSet visible, LuceneToolIndex lucene) {
	}

	/** One engine's answer to one query. */
	record Answer(Query query, List<String> ranked) {

		/** 1-based rank of the first correct tool, or 0. */
		int rank() {
			for (int i = 0; i < this.ranked.size(); i++) {
				if (this.query.expected().contains(this.ranked.get(i))) {
					return i + 1;
				}
			}
			return 0;
		}

	}

	/** The figures of one engine. */
	record Figures(String engine, int answerable, double hitAt1, double hitAt5, double mrr, int answeredEmpty,
			int mustBeEmpty, int emptyWhenMustBe, List<Answer> answers) {

		double emptyCorrectness() {
			return (this.mustBeEmpty == 0) ? 1 : (double) this.emptyWhenMustBe / this.mustBeEmpty;
		}

	}

	static final Engine QUIVER = new Engine("Quiver",
			(p, q) -> p.quiver()
				.search(new SearchRequest(q, LIMIT, p.visible(), p.setup().context()))
				.hits()
				.stream()
				.map(SearchHit::key)
				.toList());

	static final Engine BM25 = new Engine("Lucene BM25", (p, q) -> p.lucene().search(q, LIMIT, 0));

	static final Engine BM25_FLOOR = new Engine("Lucene BM25, half the tokens must match",
			(p, q) -> p.lucene().search(q, LIMIT, 0.5));

	private SearchEvaluation() {
	}

	/** Runs every query against every engine. */
	static List<Figures> evaluate(EvalData data, List<Engine> engines) {
		Map<String, Prepared> prepared = new LinkedHashMap<>();
		Map<String, List<Answer>> answers = new LinkedHashMap<>();
		engines.forEach((e) -> answers.put(e.name(), new ArrayList<>()));
		try {
			for (Query query : data.queries) {
				Prepared p = prepared.computeIfAbsent(String.join(",", query.connected()),
						(k) -> prepare(data.setup(query)));
				for (Engine engine : engines) {
					answers.get(engine.name()).add(new Answer(query, engine.search().apply(p, query.query())));
				}
			}
		}
		finally {
			prepared.values().forEach((p) -> p.lucene().close());
		}
		return engines.stream().map((e) -> figures(e.name(), answers.get(e.name()))).toList();
	}

	static Prepared prepare(Setup setup) {
		SearchIndex quiver = new SearchIndex();
		BitSet visible = new BitSet();
		for (Map.Entry<String, SearchDocument> entry : setup.documents().entrySet()) {
			quiver.put(entry.getKey(), entry.getValue());
			visible.set(quiver.ordinal(entry.getKey()));
		}
		return new Prepared(setup, quiver, visible, new LuceneToolIndex(setup.documents()));
	}

	static Figures figures(String engine, List<Answer> answers) {
		int answerable = 0;
		int hit1 = 0;
		int hit5 = 0;
		double reciprocal = 0;
		int answeredEmpty = 0;
		int mustBeEmpty = 0;
		int emptyWhenMustBe = 0;
		for (Answer answer : answers) {
			if (answer.query().mustBeEmpty()) {
				mustBeEmpty++;
				emptyWhenMustBe += answer.ranked().isEmpty() ? 1 : 0;
				continue;
			}
			answerable++;
			int rank = answer.rank();
			hit1 += (rank == 1) ? 1 : 0;
			hit5 += (rank >= 1 && rank <= 5) ? 1 : 0;
			reciprocal += (rank > 0) ? 1.0 / rank : 0;
			answeredEmpty += answer.ranked().isEmpty() ? 1 : 0;
		}
		return new Figures(engine, answerable, (double) hit1 / answerable, (double) hit5 / answerable,
				reciprocal / answerable, answeredEmpty, mustBeEmpty, emptyWhenMustBe, answers);
	}

	/** Both sets, the tuning set first, each under its own heading. */
	static String report(EvalData tuning, List<Figures> tuningFigures, EvalData holdout, List<Figures> holdoutFigures) {
		return Markdown.machine() + "\n\nCommand: `benchmarks/run.sh`; alone: `" + COMMAND + "`\n\n"
				+ "Each query is run over exactly the tools of the accounts it connects; all engines see the "
				+ "same three fields, tokenized alike; top " + LIMIT + ".\n\n"
				+ "### Tuning set (the ranking was tuned on it)\n\n" + report(tuning, tuningFigures)
				+ "\n### Held-out set (applications and queries never used for tuning)\n\n"
				+ "The queries were committed before Quiver was first run on them; see "
				+ "`eval/holdout/README.md` for where each tool definition came from.\n\n"
				+ report(holdout, holdoutFigures);
	}

	static String report(EvalData data, List<Figures> figures) {
		StringBuilder out = new StringBuilder();
		long tools = data.allTools().size();
		out.append(String.format(Locale.ROOT,
				"%d real tool definitions of %d applications (`benchmarks/src/main/resources/%stools/`), "
						+ "%d labelled queries (`%squeries.json`): %d with a right answer, %d that must be empty.%n%n",
				tools, data.toolsByApp.size(), data.base, data.queries.size(), data.base, figures.get(0).answerable(),
				figures.get(0).mustBeEmpty()));
		out.append("| engine | hit@1 | hit@5 | MRR | must-be-empty answered empty | answerable answered empty |\n");
		out.append("|---|---|---|---|---|---|\n");
		for (Figures f : figures) {
			out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %d/%d (%.0f%%) | %d/%d |%n", f.engine(),
					f.hitAt1(), f.hitAt5(), f.mrr(), f.emptyWhenMustBe(), f.mustBeEmpty(), 100 * f.emptyCorrectness(),
					f.answeredEmpty(), f.answerable()));
		}
		out.append("\nBy kind of query (hit@1 / hit@5):\n\n| kind | queries |");
		figures.forEach((f) -> out.append(' ').append(f.engine()).append(" |"));
		out.append("\n|---|---|");
		figures.forEach((f) -> out.append("---|"));
		out.append('\n');
		for (String kind : List.of("intent", "name", "account")) {
			List<Integer> indexes = new ArrayList<>();
			for (int i = 0; i < data.queries.size(); i++) {
				if (data.queries.get(i).kind().equals(kind)) {
					indexes.add(i);
				}
			}
			out.append("| ").append(kind).append(" | ").append(indexes.size()).append(" |");
			for (Figures f : figures) {
				long h1 = indexes.stream().filter((i) -> f.answers().get(i).rank() == 1).count();
				long h5 = indexes.stream().filter((i) -> {
					int r = f.answers().get(i).rank();
					return r >= 1 && r <= 5;
				}).count();
				out.append(String.format(Locale.ROOT, " %.2f / %.2f |", (double) h1 / indexes.size(),
						(double) h5 / indexes.size()));
			}
			out.append('\n');
		}
		Figures quiver = figures.get(0);
		List<String> misses = new ArrayList<>();
		for (Answer answer : quiver.answers()) {
			int rank = answer.rank();
			boolean wrong = answer.query().mustBeEmpty() ? !answer.ranked().isEmpty() : rank != 1;
			if (wrong) {
				misses.add(String.format(Locale.ROOT, "- %s `%s`: %s", answer.query().id(), answer.query().query(),
						answer.ranked().isEmpty() ? "empty"
								: ("rank " + ((rank == 0) ? "-" : rank) + ", first " + answer.ranked().get(0))));
			}
		}
		out.append("\n")
			.append(quiver.engine())
			.append(" queries not answered at rank 1 (")
			.append(misses.size())
			.append("):\n\n");
		misses.forEach((m) -> out.append(m).append('\n'));
		return out.toString();
	}

	/**
	 * Prints the report; with a path argument, also writes it under
	 * {@code ## Search quality}.
	 */
	public static void main(String[] args) {
		List<Engine> engines = List.of(QUIVER, BM25, BM25_FLOOR);
		EvalData tuning = EvalData.load(EvalData.TUNING);
		EvalData holdout = EvalData.load(EvalData.HOLDOUT);
		String report = report(tuning, evaluate(tuning, engines), holdout, evaluate(holdout, engines));
		System.out.println(report);
		if (args.length > 0) {
			Markdown.replaceSection(Path.of(args[0]), "## Search quality", report);
		}
	}

}
