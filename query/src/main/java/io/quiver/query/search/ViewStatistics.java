package io.quiver.query.search;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each query term reaches among one view's visible tools, kept between searches of
 * large views: R6.4's weights and R6.5's floor need every term's document frequency over
 * the caller's visible tools before any tool can be ranked, and counting them walks every
 * tool a term matches, which at 100,000 visible tools was half of a search. With the
 * counts known, a search scores only the terms that can still bring a tool into its
 * answer (docs/search.md, pruning).
 * <p>
 * A view is the content of a visible set, not the set object, so that a caller's set
 * rebuilt after a change of its organisation's state finds the counts of an equal set and
 * a set changed in place finds none. A term's counts do not depend on the rest of its
 * query: {@link FieldIndex#collect} leaves out the one contribution that does (a name
 * token the term begins continuing with another query term), which each search adds back
 * ({@link FieldIndex#compoundAnchor}).
 * <p>
 * Bounded: the last {@value #VIEWS} views used, {@value #TERMS} terms each; emptied by
 * any change of the index (its owner's {@link #clear}, under the index's write lock).
 * Read and filled by concurrent searches.
 */
final class ViewStatistics {

	static final int VIEWS = 32;

	static final int TERMS = 2048;

	/** A term's counts over one view, as {@link Scratch} holds them. */
	record Term(int df, float maxDirect, float maxAnchor, float maxValue, boolean named) {

		static Term of(Scratch scratch, int t) {
			return new Term(scratch.df[t], scratch.maxDirect[t], scratch.maxAnchor[t], scratch.maxValue[t],
					scratch.named[t]);
		}

		void copyTo(Scratch scratch, int t) {
			scratch.df[t] = this.df;
			scratch.maxDirect[t] = this.maxDirect;
			scratch.maxAnchor[t] = this.maxAnchor;
			scratch.maxValue[t] = this.maxValue;
			scratch.named[t] = this.named;
		}

	}

	private final Map<View, Map<String, Term>> views = new LinkedHashMap<>(16, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<View, Map<String, Term>> eldest) {
			return size() > VIEWS;
		}

	};

	/** The counts kept for this view, to read and to add to. */
	synchronized Terms of(BitSet visible) {
		View view = new View(visible, visible.hashCode());
		Map<String, Term> terms = this.views.get(view);
		if (terms == null) {
			terms = new ConcurrentHashMap<>();
			this.views.put(new View((BitSet) visible.clone(), view.hash()), terms);
		}
		return new Terms(terms);
	}

	/** Forgets every view: the index changed. */
	synchronized void clear() {
		this.views.clear();
	}

	/** How many views are kept (tests). */
	synchronized int size() {
		return this.views.size();
	}

	/** The kept counts of one view. */
	static final class Terms {

		private final Map<String, Term> terms;

		private Terms(Map<String, Term> terms) {
			this.terms = terms;
		}

		Term get(String term) {
			return this.terms.get(term);
		}

		void put(String term, Term counts) {
			if (this.terms.size() < TERMS) {
				this.terms.putIfAbsent(term, counts);
			}
		}

	}

	private record View(BitSet visible, int hash) {

		@Override
		public boolean equals(Object other) {
			return other instanceof View view && this.hash == view.hash && this.visible.equals(view.visible);
		}

		@Override
		public int hashCode() {
			return this.hash;
		}

	}

}
