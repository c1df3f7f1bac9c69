package io.quiver.query.search.eval;

import java.util.List;

import io.quiver.query.search.eval.SearchEvaluation.Figures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The quality floor of R6.11 on the evaluation set; figures, not timings. */
class SearchEvaluationTest {

	private static final List<Figures> FIGURES = SearchEvaluation.evaluate(EvalData.load(),
			List.of(SearchEvaluation.QUIVER, SearchEvaluation.BM25));

	@Test
	void everyMustBeEmptyQueryIsEmpty() {
		Figures quiver = FIGURES.get(0);

		assertThat(quiver.mustBeEmpty()).isGreaterThanOrEqualTo(15);
		assertThat(quiver.answers()).filteredOn((a) -> a.query().mustBeEmpty())
			.allSatisfy((a) -> assertThat(a.ranked()).as(a.query().id() + " " + a.query().query()).isEmpty());
	}

	/**
	 * Issue 16's bar for the lexical ranking and R6.15's for the hybrid, on every set:
	 * the third set is only ever reported, and holding its figures here tells a change
	 * that loses them, it does not tune on them.
	 */
	@Test
	void neitherRankingFallsBelowBm25AndTheHybridNeverBelowTheLexicalRanking() {
		for (String set : List.of(EvalData.TUNING, EvalData.HOLDOUT, EvalData.THIRD)) {
			List<Figures> figures = SearchEvaluation.evaluate(EvalData.load(set),
					List.of(SearchEvaluation.HYBRID, SearchEvaluation.QUIVER, SearchEvaluation.BM25));
			Figures hybrid = figures.get(0);
			Figures lexical = figures.get(1);
			Figures bm25 = figures.get(2);

			assertThat(lexical.hitAt1()).as(set).isGreaterThanOrEqualTo(bm25.hitAt1());
			assertThat(lexical.hitAt5()).as(set).isGreaterThanOrEqualTo(bm25.hitAt5());
			assertThat(lexical.mrr()).as(set).isGreaterThanOrEqualTo(bm25.mrr());
			assertThat(lexical.emptyCorrectness()).as(set).isGreaterThanOrEqualTo(0.95);
			assertThat(hybrid.hitAt1()).as(set).isGreaterThanOrEqualTo(lexical.hitAt1());
			assertThat(hybrid.hitAt5()).as(set).isGreaterThanOrEqualTo(lexical.hitAt5());
			assertThat(hybrid.mrr()).as(set).isGreaterThanOrEqualTo(lexical.mrr());
			// R6.15 lets the signal override the generic-verb rule (R6.14); the bar is
			// 95%
			assertThat(hybrid.emptyCorrectness()).as(set).isGreaterThanOrEqualTo(0.95);
		}
	}

	@Test
	void evaluationSetHasEnoughRealToolsAndApplications() {
		EvalData data = EvalData.load();

		assertThat(data.allTools()).hasSizeGreaterThanOrEqualTo(300);
		assertThat(data.toolsByApp).hasSizeGreaterThanOrEqualTo(8);
		assertThat(data.queries).hasSizeGreaterThanOrEqualTo(80);
		assertThat(data.queries).extracting(EvalData.Query::kind).contains("intent", "name", "account", "unconnected");
	}

	@Test
	void everyMustBeEmptyQueryOfTheHeldOutSetIsEmpty() {
		Figures quiver = SearchEvaluation.evaluate(EvalData.load(EvalData.HOLDOUT), List.of(SearchEvaluation.QUIVER))
			.get(0);

		assertThat(quiver.mustBeEmpty()).isGreaterThanOrEqualTo(15);
		assertThat(quiver.answers()).filteredOn((a) -> a.query().mustBeEmpty())
			.allSatisfy((a) -> assertThat(a.ranked()).as(a.query().id() + " " + a.query().query()).isEmpty());
	}

	@Test
	void heldOutSetHasOtherApplicationsThanTheTuningSet() {
		EvalData tuning = EvalData.load(EvalData.TUNING);
		EvalData holdout = EvalData.load(EvalData.HOLDOUT);

		assertThat(holdout.toolsByApp).hasSizeGreaterThanOrEqualTo(8);
		assertThat(holdout.toolsByApp.keySet()).doesNotContainAnyElementsOf(tuning.toolsByApp.keySet());
		assertThat(holdout.allTools()).hasSizeGreaterThanOrEqualTo(300);
		assertThat(holdout.queries).hasSizeGreaterThanOrEqualTo(80);
		assertThat(holdout.queries).filteredOn(EvalData.Query::mustBeEmpty).hasSizeGreaterThanOrEqualTo(15);
		assertThat(holdout.queries).extracting(EvalData.Query::kind)
			.contains("intent", "name", "account", "unconnected");
	}

	@Test
	void thirdSetHasOtherApplicationsAndEveryStyleOfTheIssue() {
		EvalData third = EvalData.load(EvalData.THIRD);
		EvalData tuning = EvalData.load(EvalData.TUNING);
		EvalData holdout = EvalData.load(EvalData.HOLDOUT);

		assertThat(third.toolsByApp).hasSize(12);
		assertThat(third.toolsByApp.keySet()).doesNotContainAnyElementsOf(tuning.toolsByApp.keySet())
			.doesNotContainAnyElementsOf(holdout.toolsByApp.keySet());
		assertThat(third.allTools()).hasSize(608);
		assertThat(third.queries).hasSize(150);
		assertThat(third.queries).filteredOn(EvalData.Query::mustBeEmpty).hasSize(30);
		assertThat(third.queries).extracting(EvalData.Query::style)
			.contains("keywords", "values", "paraphrase", "typo", "account", "unconnected-app", "trap",
					"missing-account");
	}

}
