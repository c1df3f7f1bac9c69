package io.quiver.query.toolindex.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Interim lexical index (replaced by the ranking engine of SPEC R6).
 */
public final class SearchIndex {

	private final Map<String, Integer> ordinals = new HashMap<>();

	private final List<SearchDocument> documents = new ArrayList<>();

	private final List<String> keys = new ArrayList<>();

	public void put(String key, SearchDocument doc) {
		Integer ordinal = this.ordinals.get(key);
		if (ordinal == null) {
			this.ordinals.put(key, this.documents.size());
			this.documents.add(doc);
			this.keys.add(key);
		}
		else {
			this.documents.set(ordinal, doc);
		}
	}

	public void remove(String key) {
		Integer ordinal = this.ordinals.remove(key);
		if (ordinal != null) {
			this.documents.set(ordinal, null);
			this.keys.set(ordinal, null);
		}
	}

	public int ordinal(String key) {
		return this.ordinals.getOrDefault(key, -1);
	}

	public int size() {
		return this.ordinals.size();
	}

	public SearchResult search(SearchRequest request) {
		String[] words = request.query().toLowerCase(Locale.ROOT).split("[^a-z0-9]+");
		List<SearchHit> hits = new ArrayList<>();
		for (int i = request.visible().nextSetBit(0); i >= 0; i = request.visible().nextSetBit(i + 1)) {
			SearchDocument doc = this.documents.get(i);
			if (doc == null) {
				continue;
			}
			String text = (doc.name() + " " + doc.description()).toLowerCase(Locale.ROOT);
			int score = 0;
			for (String word : words) {
				if (!word.isEmpty() && text.contains(word)) {
					score++;
				}
			}
			if (score > 0) {
				hits.add(new SearchHit(this.keys.get(i), score, List.of()));
			}
		}
		hits.sort((a, b) -> Double.compare(b.score(), a.score()));
		return new SearchResult(hits.subList(0, Math.min(hits.size(), Math.max(1, request.limit()))), List.of(),
				List.of(), null, hits.isEmpty() ? "no tool matched" : null);
	}

}
