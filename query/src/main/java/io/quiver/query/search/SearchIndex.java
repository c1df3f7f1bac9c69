package io.quiver.query.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.quiver.query.search.QueryReader.AccountWords;
import io.quiver.query.search.QueryReader.Kind;
import io.quiver.query.search.QueryReader.Mention;
import io.quiver.query.search.QueryReader.Plan;
import io.quiver.query.search.QueryReader.Word;
import io.quiver.query.search.Scratch.Mode;
import io.quiver.query.search.api.CodePoints;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.search.api.Searchable;

/**
 * The lexical search over connected tools (SPEC R6), as an inverted index: postings per
 * token and field, and a sorted term dictionary of name tokens for prefix matches
 * ({@link FieldIndex}), so that a search costs roughly the number of tools its tokens
 * match, not the size of the index. This class holds the tools by ordinal and runs the
 * steps of a search: read the query ({@link QueryReader}), score each term, decide the
 * refusals ({@link WordMatches}, {@link EmptyAnswers}), weigh the terms, apply the floor
 * and keep the best ({@link TopHits}).
 * <p>
 * Concurrency: {@link #put} and {@link #remove} are never concurrent with each other or
 * with a search (the caller holds an external write lock); searches run concurrently with
 * each other and only read the index. Their working memory comes from a thread-safe pool
 * and is never shared by two searches at once.
 * <p>
 * Ordinals identify tools in {@link SearchRequest#visible()}. The ordinal of a removed
 * key may be given to a key put later, so a caller recomputes its visibility sets after a
 * mutation.
 */
public final class SearchIndex implements Searchable {

	static final int EXACT_NAME = 5;

	static final int NAME_PREFIX = 3;

	static final int CONNECTOR = 2;

	static final int DESCRIPTION = 1;

	/**
	 * What an equivalent verb is worth, relative to the field score it reaches (R6.10).
	 */
	static final float EQUIVALENT = 0.8f;

	/**
	 * What a near miss scores (R6.14): a query token of five characters or more one edit
	 * from a name token matches it like a prefix, below an exact match.
	 */
	static final int NEAR_MISS = NAME_PREFIX;

	/**
	 * Whether a near miss anchors its query token, raising the floor for every tool: a
	 * misspelled word may as well be another word ({@code notes}, {@code nodes}).
	 */
	static final boolean NEAR_MISS_ANCHORS = false;

	/** The shorter side of a prefix match is at least this long (R6.3). */
	static final int MIN_PREFIX = 3;

	/** Share of the query's total weight a tool's matched tokens must carry (R6.5). */
	static final double FLOOR = 0.5;

	/**
	 * A token whose best score reaches this matched some name or connector, directly or
	 * through an equivalent; below it, descriptions only.
	 */
	static final float ANCHORED = CONNECTOR * EQUIVALENT;

	/** A token whose score on a tool reaches this matched the tool's name. */
	static final float IN_NAME = NAME_PREFIX * EQUIVALENT;

	/**
	 * How much a tool whose name the query covers entirely gains, in mean token weights:
	 * of {@code get_issues} and {@code get_cycle_issues}, the query "get issues" means
	 * the first (docs/search.md, refinement 4).
	 */
	static final double COVERAGE = 0.5;

	/**
	 * How much more the object of the request weighs in the score (docs/search.md,
	 * refinement 15): of {@code create_table} and {@code create_record}, "add a record to
	 * the table" means the second.
	 */
	static final double OBJECT = 1.25;

	/** Generated scaffolding words that appear in every merged or frozen tool (R6.2). */
	static final Set<String> DESCRIPTION_STOP_WORDS = Set.of("set", "connection", "frozen", "more");

	private final Lexicon lexicon;

	private final QueryReader reader;

	private final Map<String, Integer> ordinals = new HashMap<>();

	private Tool[] tools = new Tool[16];

	/**
	 * Per ordinal: how many distinct tokens the tool's name has. Kept beside
	 * {@link #tools} so that ranking reads one int per candidate instead of following two
	 * references per candidate (a cache miss each at 100,000 tools: 17% of a search).
	 */
	private int[] nameTokenCounts = new int[16];

	/**
	 * Per ordinal, {@link Tool#operation()}: read for every candidate below the floor, so
	 * kept beside the tools rather than behind a reference to each (refinement 16).
	 */
	private int[] operationCounts = new int[16];

	/** Ordinals below this have been handed out; freed ones wait in {@link #free}. */
	private int highWater;

	private final PriorityQueue<Integer> free = new PriorityQueue<>();

	/** The postings of each field, and the scoring of one query term on them. */
	private final FieldIndex fields;

	/**
	 * The tool analysed last, whose connector's token arrays the next tool of the same
	 * connector shares.
	 */
	private Tool lastAnalysed;

	private final ConcurrentLinkedQueue<Scratch> scratches = new ConcurrentLinkedQueue<>();

	/**
	 * From how many visible tools a search keeps its terms' counts per view and prunes
	 * ({@link ViewStatistics}): below it, counting and scoring in one pass costs less.
	 */
	static final int LARGE_VIEW = 5_000;

	private final int largeView;

	private final ViewStatistics statistics = new ViewStatistics();

	/**
	 * Per ordinal, the place of its tool's advertised name in code point order among the
	 * indexed tools, for the tie-break of R6.6 over large views, where tied tools are
	 * many (the same tool of many accounts) and comparing their names was a fifth of a
	 * search; null until such a search needs it after a change of the index.
	 */
	private volatile int[] nameOrder;

	/** Held while one search computes {@link #nameOrder}, which the others then share. */
	private final Object nameOrdering = new Object();

	/** The semantic signal (R6.15), or null for the lexical ranking alone. */
	private final SemanticRecall recall;

	/**
	 * Loads the built-in verb table, function words and application names; the lexical
	 * ranking alone.
	 */
	public SearchIndex() {
		this(null);
	}

	/**
	 * With the semantic signal of R6.15 from these vectors, at the calibrated threshold;
	 * null vectors: the lexical ranking alone.
	 */
	public SearchIndex(SentenceVectors vectors) {
		this(vectors, SemanticRecall.THRESHOLD);
	}

	/**
	 * With the semantic signal at another threshold: for calibrating it (benchmarks) and
	 * for showing what no threshold overrides (tests).
	 */
	public SearchIndex(SentenceVectors vectors, double threshold) {
		this(vectors, threshold, LARGE_VIEW);
	}

	/**
	 * With the views of at least {@code largeView} visible tools searched in two passes
	 * (tests compare both ways of searching on the same views).
	 */
	SearchIndex(SentenceVectors vectors, double threshold, int largeView) {
		this.largeView = largeView;
		this.lexicon = Lexicon.load();
		this.reader = new QueryReader(this.lexicon);
		this.fields = new FieldIndex(this.lexicon);
		this.recall = (vectors != null) ? new SemanticRecall(vectors, threshold) : null;
	}

	/** One indexed tool: its document and the distinct tokens of each field. */
	/**
	 * An indexed tool's tokens. {@code label} holds the tokens of its name that do not
	 * name its operation (its connector's and its account label's); {@code operation}
	 * counts the name tokens that do (docs/search.md, refinement 16).
	 */
	record Tool(String key, SearchDocument document, String[] name, String[] connector, String[] description,
			String[] connectorNames, String[] label, int operation) {
	}

	/** Adds the tool, or replaces the one under {@code key} (keeping its ordinal). */
	public void put(String key, SearchDocument document) {
		Objects.requireNonNull(key, "key");
		Objects.requireNonNull(document, "document");
		Integer existing = this.ordinals.get(key);
		int ordinal;
		if (existing != null) {
			ordinal = existing;
			this.fields.remove(ordinal, this.tools[ordinal]);
		}
		else {
			ordinal = this.free.isEmpty() ? this.highWater++ : this.free.poll();
			if (ordinal >= this.tools.length) {
				this.tools = Arrays.copyOf(this.tools, Math.max(ordinal + 1, this.tools.length * 2));
				this.nameTokenCounts = Arrays.copyOf(this.nameTokenCounts, this.tools.length);
				this.operationCounts = Arrays.copyOf(this.operationCounts, this.tools.length);
			}
			this.ordinals.put(key, ordinal);
		}
		this.statistics.clear();
		this.nameOrder = null;
		Tool tool = analyse(key, document);
		this.tools[ordinal] = tool;
		this.nameTokenCounts[ordinal] = tool.name().length;
		this.operationCounts[ordinal] = tool.operation();
		this.fields.add(ordinal, tool);
		if (this.recall != null) {
			this.recall.put(ordinal, document);
		}
	}

	/** Removes the tool under {@code key}, if any. */
	public void remove(String key) {
		Integer ordinal = this.ordinals.remove(key);
		if (ordinal == null) {
			return;
		}
		this.statistics.clear();
		this.nameOrder = null;
		this.fields.remove(ordinal, this.tools[ordinal]);
		this.tools[ordinal] = null;
		this.free.add(ordinal);
		if (this.recall != null) {
			this.recall.remove(ordinal);
		}
	}

	/** The ordinal of {@code key}, or -1 if it is not indexed. */
	@Override
	public int ordinal(String key) {
		Integer ordinal = this.ordinals.get(key);
		return (ordinal != null) ? ordinal : -1;
	}

	/**
	 * How many tools the last search scored as candidates (tests; the scratch of a search
	 * returns to the pool, which single-threaded use leaves with that one).
	 */
	int candidatesOfLastSearch() {
		return this.scratches.peek().count;
	}

	/** How many views' term counts are kept (tests). */
	int keptViews() {
		return this.statistics.size();
	}

	/** Whether this index has the semantic signal of R6.15. */
	public boolean semantic() {
		return this.recall != null;
	}

	/** How many tools are indexed. */
	public int size() {
		return this.ordinals.size();
	}

	private Tool analyse(String key, SearchDocument document) {
		String[] name = distinct(Tokens.of(document.name()));
		List<String> descriptionTokens = Tokens.of(document.description());
		descriptionTokens.removeIf(DESCRIPTION_STOP_WORDS::contains);
		String[] description = distinct(descriptionTokens);
		String[] connector;
		String[] connectorNames;
		Tool last = this.lastAnalysed;
		if (last != null && last.document().connectorId().equals(document.connectorId())
				&& last.document().connectorLabel().equals(document.connectorLabel())) {
			// tools come connector by connector: they share its fields' arrays
			// (read-only)
			connector = last.connector();
			connectorNames = last.connectorNames();
		}
		else {
			List<String> connectorTokens = Tokens.of(document.connectorId());
			connectorTokens.addAll(Tokens.of(document.connectorLabel()));
			connector = distinct(connectorTokens);
			Set<String> names = new LinkedHashSet<>();
			for (String connectorName : List.of(document.connectorId(), document.connectorLabel())) {
				String squashed = Tokens.squashed(connectorName);
				if (!squashed.isEmpty()) {
					names.add(this.lexicon.canonical(squashed));
				}
			}
			connectorNames = names.toArray(String[]::new);
		}
		Set<String> label = new LinkedHashSet<>(List.of(connector));
		int account = document.name().indexOf("__");
		if (account > 0) {
			label.addAll(Tokens.of(document.name().substring(0, account)));
		}
		int operation = 0;
		for (String token : name) {
			operation += label.contains(token) ? 0 : 1;
		}
		Tool tool = new Tool(key, document, name, connector, description, connectorNames, label.toArray(String[]::new),
				operation);
		this.lastAnalysed = tool;
		return tool;
	}

	private static String[] distinct(List<String> tokens) {
		return new LinkedHashSet<>(tokens).toArray(String[]::new);
	}

	/** Ranks the caller's visible tools for the request's query (R6.3 to R6.10). */
	@Override
	public SearchResult search(SearchRequest request) {
		Plan plan = this.reader.read(request.query(), request.context());
		if (plan.missingAccount() != null) {
			return EmptyAnswers.missingAccount(plan.missingAccount(), request.context());
		}
		BitSet visible = request.visible();
		int visibleCount = visibleCount(visible);
		int termCount = plan.terms().size();
		Scratch scratch = scratch(termCount);
		try {
			boolean large = visibleCount >= this.largeView;
			if (large) {
				count(plan.terms(), visible, scratch);
			}
			else {
				for (int t = 0; t < termCount; t++) {
					this.fields.collect(plan.terms(), t, true, visible, scratch);
				}
			}
			for (Mention mention : plan.mentions()) {
				if (!connected(mention, visible, scratch)) {
					return EmptyAnswers.unconnected(plan, mention, scratch);
				}
			}
			for (AccountWords words : plan.accountWords()) {
				if (WordMatches.namesAccount(words, scratch)) {
					return EmptyAnswers.missingAccount(words.label(), request.context());
				}
			}
			boolean[] searched = new boolean[termCount];
			boolean[] firm = new boolean[termCount];
			List<String> setAside = new ArrayList<>();
			for (Word word : plan.words()) {
				if (WordMatches.compounded(word, scratch)) {
					searched[word.compound()] = true;
					continue;
				}
				if (word.kind() == Kind.SET_ASIDE
						|| (word.kind() == Kind.TENTATIVE && !WordMatches.matches(word, scratch))
						|| (word.kind() == Kind.TENTATIVE && word.valueShaped()
								&& !WordMatches.matchesAll(word, scratch))
						|| (word.identifier() && !WordMatches.namesAnyTool(word, scratch))) {
					setAside.add(word.text());
				}
				else {
					for (int t : word.terms()) {
						searched[t] = true;
						firm[t] |= word.kind() == Kind.FIRM;
					}
				}
			}
			double[] weights = new double[termCount];
			double[] floorWeights = new double[termCount];
			double total = 0;
			double floorTotal = 0;
			List<String> unmatched = new ArrayList<>();
			for (int t = 0; t < termCount; t++) {
				if (searched[t]) {
					weights[t] = weight(scratch.df[t], visibleCount);
					total += weights[t];
					if (firm[t] || scratch.maxAnchor[t] >= ANCHORED) {
						floorWeights[t] = weights[t];
						floorTotal += weights[t];
					}
					if (scratch.df[t] == 0) {
						unmatched.add(plan.terms().get(t));
					}
				}
			}
			if (floorTotal == 0) {
				floorWeights = weights;
				floorTotal = total;
			}
			if (total == 0) {
				return recalled(request, List.of(), 0,
						SearchResult.empty(setAside, unmatched, EmptyAnswers.nothingSearched(setAside)));
			}
			List<String> generic = onlyGenericVerbs(plan, searched, firm, scratch);
			if (!generic.isEmpty()) {
				return recalled(request, List.of(), 0,
						SearchResult.empty(setAside, unmatched, genericOnly(generic, plan, searched, scratch)));
			}
			double[] scoreWeights = weights;
			int object = object(plan, searched);
			if (object >= 0) {
				scoreWeights = weights.clone();
				scoreWeights[object] *= OBJECT;
			}
			boolean blend = semantic(request);
			int limit = blend ? SearchRequest.MAX_LIMIT : request.limit();
			if (large) {
				score(plan.terms(), scoreWeights, floorWeights, floorTotal, limit, visible, scratch);
			}
			List<SearchHit> hits = rank(plan, scoreWeights, floorWeights, floorTotal, firm, limit,
					large ? nameOrder() : null, scratch);
			if (!hits.isEmpty()) {
				return recalled(request, hits, blend ? hits.get(0).score() / perfectScore(scoreWeights) : 0,
						SearchResult.of(hits.subList(0, Math.min(request.limit(), hits.size())), setAside, unmatched));
			}
			List<String> nearest = plan.toolName() ? nearest(plan, weights, scratch) : List.of();
			return recalled(request, hits, 0, new SearchResult(hits, setAside, unmatched, null, null, nearest,
					EmptyAnswers.noMatch(unmatched, setAside, advertisedNames(nearest))));
		}
		finally {
			this.scratches.offer(scratch);
		}
	}

	private boolean semantic(SearchRequest request) {
		return this.recall != null && request.semantic();
	}

	/**
	 * The lexical answer blended with the semantic signal where it is on (R6.15): called
	 * only once the refusals are decided. Where the blend has no hit, the lexical answer
	 * (empty or not) stands, with its explanation.
	 * @param lexical the hits the lexical floor kept, best first
	 * @param strength the first lexical hit's score as a share of a perfect score (0
	 * where there is none)
	 */
	private SearchResult recalled(SearchRequest request, List<SearchHit> lexical, double strength,
			SearchResult lexicalAnswer) {
		if (!semantic(request)) {
			return lexicalAnswer;
		}
		List<SearchHit> hits = this.recall.blend(request.query(), lexical, strength, request.visible(), request.limit(),
				this.names);
		return hits.isEmpty() ? lexicalAnswer
				: SearchResult.of(hits, lexicalAnswer.setAside(), lexicalAnswer.unmatched());
	}

	private final SemanticRecall.Names names = new SemanticRecall.Names() {

		@Override
		public String key(int ordinal) {
			return SearchIndex.this.tools[ordinal].key();
		}

		@Override
		public String name(int ordinal) {
			return SearchIndex.this.tools[ordinal].document().name();
		}

		@Override
		public int ordinal(String key) {
			return SearchIndex.this.ordinal(key);
		}

	};

	/**
	 * The number of live tools among {@code visible}: its cardinality, less the bits set
	 * on free ordinals or past the last handed out.
	 */
	private int visibleCount(BitSet visible) {
		int count = visible.cardinality();
		if (visible.length() > this.highWater) {
			count -= visible.get(this.highWater, visible.length()).cardinality();
		}
		for (int ordinal : this.free) {
			if (visible.get(ordinal)) {
				count--;
			}
		}
		return count;
	}

	/**
	 * Smoothed inverse document frequency (R6.4): positive, falling with {@code df}, and
	 * a token that matches no visible tool (df 0) weighs more than the rarest token that
	 * matches one (df 1).
	 */
	static double weight(int df, int visibleCount) {
		return Math.log(1 + (visibleCount - df + 0.5) / (df + 0.5));
	}

	/**
	 * Whether a named application backs a visible tool: a visible tool's connector id or
	 * label is that application, or each of its tokens is an exact name token of some
	 * visible tool (an account labelled {@code jira-work}, a tool named
	 * {@code jira_create_issue}). A mention in a description only does not count: a
	 * GitHub link in a Sentry tool's description does not connect GitHub.
	 */
	private boolean connected(Mention mention, BitSet visible, Scratch scratch) {
		Postings postings = this.fields.connectorNamed(mention.canonical());
		if (postings != null) {
			for (int i = 0, n = postings.size(); i < n; i++) {
				if (visible.get(postings.get(i))) {
					return true;
				}
			}
		}
		for (int t : mention.terms()) {
			if (scratch.maxDirect[t] < EXACT_NAME) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The generic verbs of the query if they are the only words matching a visible tool's
	 * name or connector in any way while some other word matches none (R6.14): "create a
	 * pull request" with only a payments application connected is not a request for any
	 * tool that creates. Empty if the rule does not apply. A word found only in
	 * descriptions does not count as matching here, as it does not for the floor.
	 */
	private List<String> onlyGenericVerbs(Plan plan, boolean[] searched, boolean[] firm, Scratch scratch) {
		List<String> generic = new ArrayList<>();
		boolean other = false;
		for (Word word : plan.words()) {
			if (word.kind() == Kind.SET_ASIDE) {
				continue;
			}
			boolean anchored = false;
			for (int t : WordMatches.searchedTerms(word, scratch)) {
				if (searched[t] && WordMatches.reachesName(t, scratch)) {
					if (!this.lexicon.isGenericVerb(plan.terms().get(t))) {
						return List.of();
					}
					anchored = true;
					if (!generic.contains(plan.terms().get(t))) {
						generic.add(plan.terms().get(t));
					}
				}
			}
			other |= !anchored;
		}
		return other ? generic : List.of();
	}

	/**
	 * The object of the request: the first searched token after the first verb (a generic
	 * verb or a word of the verb table), as English puts it ("add a record to the table":
	 * record); -1 if there is none. Its weight counts {@link #OBJECT} times in the score,
	 * never in the floor (docs/search.md, refinement 15).
	 */
	private int object(Plan plan, boolean[] searched) {
		boolean verb = false;
		for (Word word : plan.words()) {
			for (int t : word.terms()) {
				if (!searched[t]) {
					continue;
				}
				String term = plan.terms().get(t);
				boolean isVerb = this.lexicon.isGenericVerb(term) || !this.lexicon.equivalents(term).isEmpty();
				if (verb && !isVerb) {
					return t;
				}
				verb |= isVerb;
			}
		}
		return -1;
	}

	private String genericOnly(List<String> generic, Plan plan, boolean[] searched, Scratch scratch) {
		List<String> rest = new ArrayList<>();
		for (Word word : plan.words()) {
			boolean anchored = false;
			for (int t : WordMatches.searchedTerms(word, scratch)) {
				anchored |= searched[t] && WordMatches.reachesName(t, scratch);
			}
			if (word.kind() != Kind.SET_ASIDE && !anchored) {
				rest.add(word.text());
			}
		}
		return EmptyAnswers.genericOnly(generic, rest);
	}

	/**
	 * Each term's counts over a large view (R6.4's document frequency and what decides
	 * the refusals and the floor), kept per view ({@link ViewStatistics}), with no
	 * candidate yet: {@link #score} finds them once the weights are known.
	 */
	private void count(List<String> terms, BitSet visible, Scratch scratch) {
		ViewStatistics.Terms kept = this.statistics.of(visible);
		scratch.mode(Mode.COUNT);
		for (int t = 0, n = terms.size(); t < n; t++) {
			ViewStatistics.Term counts = kept.get(terms.get(t));
			if (counts != null) {
				counts.copyTo(scratch, t);
			}
			else {
				this.fields.collect(terms, t, false, visible, scratch);
				kept.put(terms.get(t), ViewStatistics.Term.of(scratch, t));
			}
			scratch.maxAnchor[t] = Math.max(scratch.maxAnchor[t], this.fields.compoundAnchor(terms, t, visible));
		}
	}

	/**
	 * Scores the searched terms over a large view, the term that can add most to a score
	 * first, and stops looking for new candidates once the terms left could not bring a
	 * tool into the answer: when the best {@code limit} of the tools that already pass
	 * the floor (R6.5) score more than the terms left can give a tool that only they
	 * match, coverage bonus included. The terms left then only add to the tools found, so
	 * that every tool of the answer has its whole score: the answer is the one a search
	 * of every candidate gives (the pruning idea of MaxScore; docs/search.md, pruning).
	 */
	private void score(List<String> terms, double[] weights, double[] floorWeights, double floorTotal, int limit,
			BitSet visible, Scratch scratch) {
		int termCount = weights.length;
		double[] most = new double[termCount];
		int[] order = new int[termCount];
		int searched = 0;
		for (int t = 0; t < termCount; t++) {
			if (weights[t] > 0) {
				most[t] = scratch.maxValue[t] * weights[t];
				int at = searched++;
				while (at > 0 && most[order[at - 1]] < most[t]) {
					order[at] = order[at - 1];
					at--;
				}
				order[at] = t;
			}
		}
		double coverage = coverageScale(weights);
		double floor = floor(floorTotal);
		scratch.mode(Mode.SCORE);
		double reached = 0;
		for (int i = 0; i < searched; i++) {
			int t = order[i];
			this.fields.collect(terms, t, false, visible, scratch);
			reached += most[t];
			double left = 0;
			for (int j = i + 1; j < searched; j++) {
				left += most[order[j]];
			}
			// the answer's worst score is at most what the terms scored so far can give
			if (scratch.mode() == Mode.SCORE && i + 1 < searched && left < reached && scratch.count >= limit) {
				double threshold = threshold(weights, floorWeights, floor, coverage, limit, scratch);
				if (left + coverage < threshold - 1e-9 * (1 + Math.abs(threshold))) {
					scratch.mode(Mode.SCORE_FOUND);
				}
			}
		}
	}

	/**
	 * How many candidates, the first found, {@link #threshold} looks at: any of them give
	 * a lower bound, and the first found matched the terms that can add most, so they are
	 * the likeliest to be the best; looking at all would cost as much as ranking them.
	 */
	static final int THRESHOLD_SAMPLE = 2_048;

	/**
	 * The worst score of the best {@code limit} of the first {@value #THRESHOLD_SAMPLE}
	 * candidates that pass the floor on the terms scored so far: a lower bound of the
	 * answer's worst score, since a term scored later only adds to a tool's score, its
	 * matched weight and its coverage. Negative infinity if fewer pass.
	 */
	private double threshold(double[] weights, double[] floorWeights, double floor, double coverage, int limit,
			Scratch scratch) {
		double[] best = new double[limit];
		int kept = 0;
		Row row = new Row(weights, floorWeights, this.nameTokenCounts, scratch);
		for (int c = 0, n = Math.min(scratch.count, THRESHOLD_SAMPLE); c < n; c++) {
			row.sum(c);
			if (row.matched < floor) {
				continue;
			}
			double lower = row.offered(coverage);
			// best holds the kept scores ascending: best[0] is the worst
			if (kept < limit) {
				int at = kept++;
				while (at > 0 && best[at - 1] > lower) {
					best[at] = best[at - 1];
					at--;
				}
				best[at] = lower;
			}
			else if (lower > best[0]) {
				int at = 0;
				while (at + 1 < limit && best[at + 1] < lower) {
					best[at] = best[at + 1];
					at++;
				}
				best[at] = lower;
			}
		}
		return (kept == limit) ? best[0] : Double.NEGATIVE_INFINITY;
	}

	/**
	 * The place of each indexed tool's name in code point order (R6.6), by ordinal:
	 * computed by the first search that needs it after the index changed (sorting the
	 * names once, tens of milliseconds at 100,000 tools), then shared.
	 */
	private int[] nameOrder() {
		int[] order = this.nameOrder;
		if (order == null) {
			synchronized (this.nameOrdering) {
				order = this.nameOrder;
				if (order == null) {
					Integer[] byName = new Integer[this.highWater];
					int n = 0;
					for (int ordinal = 0; ordinal < this.highWater; ordinal++) {
						if (this.tools[ordinal] != null) {
							byName[n++] = ordinal;
						}
					}
					Arrays.sort(byName, 0, n, (a, b) -> CodePoints.compare(this.names.name(a), this.names.name(b)));
					// equal names share a place: neither ranks below the other
					order = new int[this.highWater];
					int place = 0;
					for (int i = 0; i < n; i++) {
						if (i > 0 && !this.names.name(byName[i]).equals(this.names.name(byName[i - 1]))) {
							place = i;
						}
						order[byName[i]] = place;
					}
					this.nameOrder = order;
				}
			}
		}
		return order;
	}

	/**
	 * Keeps the tools whose matched tokens carry at least half the floor weight (R6.5)
	 * and ranks them by score. The floor weight is the weight of the tokens anchored in a
	 * name or connector; a word found only in descriptions adds to the score but does not
	 * raise the bar (docs/search.md, refinement 2).
	 */
	private List<SearchHit> rank(Plan plan, double[] weights, double[] floorWeights, double floorTotal, boolean[] firm,
			int limit, int[] nameOrder, Scratch scratch) {
		int termCount = weights.length;
		double floor = floor(floorTotal);
		double coverageScale = coverageScale(weights);
		TopHits top = new TopHits(limit, scratch, this.names, nameOrder);
		Row row = new Row(weights, floorWeights, this.nameTokenCounts, scratch);
		for (int c = 0; c < scratch.count; c++) {
			row.sum(c);
			double matched = row.matched;
			double score = row.score;
			int inName = row.inName;
			// below the floor, a tool passes only by naming its operation, and that is
			// looked at only where it could enter the answer (refinement 16)
			if (matched >= floor || (inName >= 2 && top.couldEnter(score + coverageScale)
					&& namesOperation(plan, c, inName, weights, firm, scratch))) {
				top.offer(c, row.offered(coverageScale));
			}
		}
		int[] order = top.drain();
		List<SearchHit> hits = new ArrayList<>(order.length);
		for (int i = 0; i < order.length; i++) {
			int c = order[i];
			int base = c * termCount;
			List<String> matchedTerms = new ArrayList<>();
			for (int t = 0; t < termCount; t++) {
				if (scratch.scores[base + t] > 0 && weights[t] > 0) {
					matchedTerms.add(plan.terms().get(t));
				}
			}
			hits.add(new SearchHit(this.tools[scratch.candidates[c]].key(), top.drainedScores[i], matchedTerms));
		}
		return hits;
	}

	/**
	 * Whether the query reaches, in this candidate's name, as many tokens as its
	 * operation has (its name less its connector's and account label's tokens), and the
	 * operation has two tokens or more: the action and the object of the request are both
	 * this tool's, whatever other words the request carries, so it passes the floor
	 * (R6.5; docs/search.md, refinement 16). Query tokens that are the tool's connector
	 * or account label do not count: naming the application is not naming the operation.
	 */
	private boolean namesOperation(Plan plan, int c, int inName, double[] weights, boolean[] firm, Scratch scratch) {
		int operation = this.operationCounts[scratch.candidates[c]];
		if (operation < 2 || inName < operation) {
			return false;
		}
		Tool tool = this.tools[scratch.candidates[c]];
		int termCount = weights.length;
		int reached = 0;
		int base = c * termCount;
		for (int t = 0; t < termCount; t++) {
			float value = scratch.scores[base + t];
			if (firm[t] && weights[t] > 0 && value <= 0) {
				// a token of a tool name or an account the query spells is not another
				// word
				// of a request: the tool must have it (R6.9a, R6.9b)
				return false;
			}
			if (value >= IN_NAME && weights[t] > 0 && !labels(tool, plan.terms().get(t))) {
				reached++;
			}
		}
		return reached >= operation;
	}

	private static boolean labels(Tool tool, String term) {
		for (String token : tool.label()) {
			if (token.equals(term)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The matched floor weight a tool needs (R6.5): half the total, less a rounding
	 * margin.
	 */
	private static double floor(double floorTotal) {
		return FLOOR * floorTotal - 1e-9 * floorTotal;
	}

	/**
	 * The coverage bonus of a tool whose name the query covers entirely (refinement 4).
	 */
	private static double coverageScale(double[] weights) {
		int searchedCount = 0;
		double total = 0;
		for (double weight : weights) {
			searchedCount += (weight > 0) ? 1 : 0;
			total += weight;
		}
		return COVERAGE * total / Math.max(1, searchedCount);
	}

	/**
	 * The score of a tool whose name matched every searched token exactly and that the
	 * query covers entirely: what a lexical score is a share of (its strength, R6.15).
	 */
	private static double perfectScore(double[] weights) {
		double total = 0;
		for (double weight : weights) {
			total += weight;
		}
		return EXACT_NAME * total + coverageScale(weights);
	}

	private Scratch scratch(int termCount) {
		Scratch scratch = this.scratches.poll();
		if (scratch == null) {
			scratch = new Scratch();
		}
		scratch.reset(this.highWater, termCount);
		return scratch;
	}

	/** The advertised names of the tools under these keys, in the same order. */
	private List<String> advertisedNames(List<String> keys) {
		return keys.stream().map((key) -> this.tools[this.ordinals.get(key)].document().name()).toList();
	}

	/**
	 * For an empty answer to a query shaped like a tool name: the visible tools whose
	 * names share the most tokens with it (exactly, by prefix, stem, near miss or
	 * equivalent), then the best of those matches, then the fewest other name tokens,
	 * then by name (R6.6), at most {@value SearchResult#MAX_NEAREST}. Only tools the
	 * search already touched are considered, so the cost stays that of the search.
	 */
	private List<String> nearest(Plan plan, double[] weights, Scratch scratch) {
		int termCount = weights.length;
		List<double[]> ranked = new ArrayList<>();
		for (int c = 0; c < scratch.count; c++) {
			int inName = 0;
			double nameScore = 0;
			for (int t = 0; t < termCount; t++) {
				float value = scratch.scores[c * termCount + t];
				if (value >= NEAR_MISS && weights[t] > 0) {
					inName++;
					nameScore += value;
				}
			}
			if (inName > 0) {
				int ordinal = scratch.candidates[c];
				ranked.add(new double[] { ordinal, inName, nameScore, this.nameTokenCounts[ordinal] - inName });
			}
		}
		ranked.sort((a, b) -> (a[1] != b[1]) ? Double.compare(b[1], a[1])
				: (a[2] != b[2]) ? Double.compare(b[2], a[2]) : (a[3] != b[3]) ? Double.compare(a[3], b[3]) : CodePoints
					.compare(this.tools[(int) a[0]].document().name(), this.tools[(int) b[0]].document().name()));
		return ranked.stream().limit(SearchResult.MAX_NEAREST).map((r) -> this.tools[(int) r[0]].key()).toList();
	}

	/**
	 * What one candidate's row of term scores comes to: the floor weight its matched
	 * terms carry (R6.5), its score, and how many searched terms it matched in its name.
	 * Reused from candidate to candidate of one search.
	 */
	private static final class Row {

		private final double[] weights;

		private final double[] floorWeights;

		private final int[] nameTokenCounts;

		private final Scratch scratch;

		private int candidate;

		double matched;

		double score;

		int inName;

		Row(double[] weights, double[] floorWeights, int[] nameTokenCounts, Scratch scratch) {
			this.weights = weights;
			this.floorWeights = floorWeights;
			this.nameTokenCounts = nameTokenCounts;
			this.scratch = scratch;
		}

		/**
		 * The score the candidate is ranked by: its score and its share of the coverage
		 * bonus (refinement 4), the share of its name's tokens the query matched.
		 */
		double offered(double coverageScale) {
			int nameTokens = this.nameTokenCounts[this.scratch.candidates[this.candidate]];
			return this.score + coverageScale * Math.min(1.0, (double) this.inName / nameTokens);
		}

		void sum(int c) {
			this.candidate = c;
			int termCount = this.weights.length;
			int base = c * termCount;
			this.matched = 0;
			this.score = 0;
			this.inName = 0;
			for (int t = 0; t < termCount; t++) {
				float value = this.scratch.scores[base + t];
				if (value > 0) {
					this.matched += this.floorWeights[t];
					this.score += value * this.weights[t];
					this.inName += (value >= IN_NAME && this.weights[t] > 0) ? 1 : 0;
				}
			}
		}

	}

}
