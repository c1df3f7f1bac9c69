package io.quiver.query.search.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.quiver.query.search.eval.EvalData.Query;
import io.quiver.query.search.eval.EvalData.Tool;
import io.quiver.query.search.eval.SearchEvaluation.Figures;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.query.embedding.MiniLmEncoder;

/**
 * Calibrates the semantic signal's threshold and weight (SPEC R6.15) on the tuning set
 * only: the held-out and third sets and MetaTool are never read here.
 * <p>
 * Two measurements. (1) Stand-ins for must-be-empty answers the tuning set lacks: for
 * each answerable query and each tuning application that holds none of its right answers,
 * the highest similarity of the query to that application's tools is what a threshold
 * would have to stay above for the query to stay empty where only that application is
 * connected and the query does not name its own (the generic-verb trap of R6.14); the
 * threshold is the lowest at which at most 5% of them would be raised (docs/search.md,
 * "Calibration of T"). Round one's stand-in, every other application connected at once,
 * is printed beside it. (2) hit@1, hit@5 and MRR of the blend over a grid of thresholds
 * and weights.
 * <p>
 * Run:
 * {@code java -cp benchmarks/target/benchmarks.jar io.quiver.query.search.eval.SemanticCalibration}
 */
public final class SemanticCalibration {

	private SemanticCalibration() {
	}

	public static void main(String[] args) {
		EvalData tuning = EvalData.load(EvalData.TUNING);
		MiniLmEncoder encoder = MiniLmEncoder.shared();
		Map<String, float[]> cache = new HashMap<>();
		List<Tool> all = tuning.allTools();
		Map<Tool, float[]> toolVectors = new HashMap<>();
		for (Tool tool : all) {
			String name = NamingRules.advertisedName(tool.app(), tool.name());
			toolVectors.put(tool, encoder.encode(toolText(tool.appLabel(), name, tool.description())));
		}
		List<Double> nearestOther = new ArrayList<>();
		List<Double> nearestOneApp = new ArrayList<>();
		for (Query query : tuning.queries) {
			if (query.mustBeEmpty()) {
				continue;
			}
			Set<String> rightApps = query.expected()
				.stream()
				.map((e) -> e.substring(0, e.indexOf("__")))
				.map((label) -> appOf(query, label))
				.collect(Collectors.toSet());
			float[] q = cache.computeIfAbsent(query.query(), encoder::encode);
			double best = -1;
			Map<String, Double> bestByApp = new HashMap<>();
			for (Tool tool : all) {
				if (!rightApps.contains(tool.app())) {
					double similarity = dot(q, toolVectors.get(tool));
					best = Math.max(best, similarity);
					bestByApp.merge(tool.app(), similarity, Math::max);
				}
			}
			nearestOther.add(best);
			nearestOneApp.addAll(bestByApp.values());
		}
		double[] sorted = nearestOther.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		System.out.printf(Locale.ROOT,
				"nearest tool of another application (%d queries): median %.3f, p90 %.3f, p95 %.3f, max %.3f%n",
				sorted.length, percentile(sorted, 0.5), percentile(sorted, 0.9), percentile(sorted, 0.95),
				sorted[sorted.length - 1]);
		for (double t : new double[] { 0.40, 0.45, 0.50, 0.55, 0.60, 0.65 }) {
			long above = raised(sorted, t);
			System.out.printf(Locale.ROOT, "threshold %.2f: %d of %d stand-ins would be raised%n", t, above,
					sorted.length);
		}
		int cents = 0;
		while (raised(sorted, cents / 100.0) > 0.05 * sorted.length) {
			cents++;
		}
		System.out.printf(Locale.ROOT, "calibrated threshold (at most 5%% of stand-ins raised): %.2f (%d raised)%n",
				cents / 100.0, raised(sorted, cents / 100.0));
		double[] oneApp = nearestOneApp.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		System.out.printf(Locale.ROOT,
				"nearest tool of one other application (%d pairs): median %.3f, p90 %.3f, p95 %.3f, max %.3f%n",
				oneApp.length, percentile(oneApp, 0.5), percentile(oneApp, 0.9), percentile(oneApp, 0.95),
				oneApp[oneApp.length - 1]);
		int oneAppCents = 0;
		while (raised(oneApp, oneAppCents / 100.0) > 0.05 * oneApp.length) {
			oneAppCents++;
		}
		System.out.printf(Locale.ROOT,
				"calibrated threshold, one other application (at most 5%% raised): %.2f (%d raised)%n",
				oneAppCents / 100.0, raised(oneApp, oneAppCents / 100.0));
		List<SearchEvaluation.Engine> engines = new ArrayList<>();
		engines.add(SearchEvaluation.QUIVER);
		double[] thresholds = (args.length > 0) ? parse(args[0])
				: new double[] { 0, 0.3, 0.4, oneAppCents / 100.0, 0.45, 0.5, cents / 100.0, 0.6 };
		for (double t : thresholds) {
			engines.add(SearchEvaluation.hybrid(String.format(Locale.ROOT, "T=%.2f", t), t));
		}
		List<Figures> figures = SearchEvaluation.evaluate(tuning, engines);
		for (Figures f : figures.subList(1, figures.size())) {
			for (int i = 0; i < f.answers().size(); i++) {
				SearchEvaluation.Answer lexical = figures.get(0).answers().get(i);
				SearchEvaluation.Answer hybrid = f.answers().get(i);
				int a = lexical.rank();
				int b = hybrid.rank();
				boolean worse = lexical.query().mustBeEmpty() ? !hybrid.ranked().isEmpty()
						: (a > 0 && (b == 0 || b > a));
				boolean better = !lexical.query().mustBeEmpty() && b > 0 && (a == 0 || b < a);
				if (worse || better) {
					System.out.printf(Locale.ROOT, "  %s %s %s: lexical %d hybrid %d %s%n", f.engine(),
							worse ? "WORSE" : "better", lexical.query().id(), a, b,
							lexical.query().query() + " -> " + hybrid.ranked().stream().limit(3).toList());
				}
			}
		}
		for (Figures f : figures) {
			System.out.printf(Locale.ROOT, "%-22s hit@1 %.3f hit@5 %.3f MRR %.3f empty %d/%d answered empty %d%n",
					f.engine(), f.hitAt1(), f.hitAt5(), f.mrr(), f.emptyWhenMustBe(), f.mustBeEmpty(),
					f.answeredEmpty());
		}
	}

	/** The text the index encodes a tool from (SemanticRecall.text). */
	public static String toolText(String connectorLabel, String name, String description) {
		String cut = (description.length() > 400) ? description.substring(0, 400) : description;
		return connectorLabel + ": "
				+ String.join(" ", name.split("[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")).toLowerCase(Locale.ROOT) + ". "
				+ cut;
	}

	private static String appOf(Query query, String label) {
		for (String account : query.connected()) {
			String accountLabel = account.contains("=") ? account.substring(0, account.indexOf('=')) : account;
			if (accountLabel.equals(label)) {
				return account.contains("=") ? account.substring(account.indexOf('=') + 1) : account;
			}
		}
		return label;
	}

	private static long raised(double[] sorted, double threshold) {
		return Arrays.stream(sorted).filter((s) -> s >= threshold).count();
	}

	private static double dot(float[] a, float[] b) {
		double sum = 0;
		for (int i = 0; i < a.length; i++) {
			sum += a[i] * b[i];
		}
		return sum;
	}

	private static double percentile(double[] sorted, double p) {
		return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
	}

	private static double[] parse(String list) {
		return Arrays.stream(list.split(",")).mapToDouble(Double::parseDouble).toArray();
	}

}
