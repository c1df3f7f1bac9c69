package io.quiver.query.search.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.quiver.query.search.Tokens;
import io.quiver.query.search.api.SearchDocument;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * The baseline: Lucene BM25 over the same three fields as Quiver's index (name, connector
 * id and label, description), tokenized by the same tokenizer so that neither side wins
 * on splitting {@code list_issues} or {@code getCycles}. Plain BM25: every query token is
 * an optional clause on every field, no boosts, no floor.
 */
public final class LuceneToolIndex implements AutoCloseable {

	static final String NAME = "name";

	static final String CONNECTOR = "connector";

	static final String DESCRIPTION = "description";

	private static final String KEY = "key";

	private final Directory directory = new ByteBuffersDirectory();

	private final DirectoryReader reader;

	private final IndexSearcher searcher;

	public LuceneToolIndex(Map<String, SearchDocument> documents) {
		Analyzer analyzer = new WhitespaceAnalyzer();
		try (IndexWriter writer = new IndexWriter(this.directory, new IndexWriterConfig(analyzer))) {
			for (Map.Entry<String, SearchDocument> entry : documents.entrySet()) {
				SearchDocument tool = entry.getValue();
				Document doc = new Document();
				doc.add(new StoredField(KEY, entry.getKey()));
				doc.add(new TextField(NAME, joined(tool.name()), Field.Store.NO));
				doc.add(new TextField(CONNECTOR, joined(tool.connectorId() + " " + tool.connectorLabel()),
						Field.Store.NO));
				doc.add(new TextField(DESCRIPTION, joined(tool.description()), Field.Store.NO));
				writer.addDocument(doc);
			}
			writer.forceMerge(1);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try {
			this.reader = DirectoryReader.open(this.directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.searcher = new IndexSearcher(this.reader);
		this.searcher.setSimilarity(new BM25Similarity());
	}

	/**
	 * Plain BM25: one optional clause per query token and field. With
	 * {@code minimumShouldMatchShare} above 0, a tool must match that share of the
	 * distinct query tokens (a crude floor).
	 */
	static Query query(String text, double minimumShouldMatchShare) {
		List<String> tokens = Tokens.of(text).stream().distinct().toList();
		BooleanQuery.Builder query = new BooleanQuery.Builder();
		for (String token : tokens) {
			BooleanQuery.Builder perToken = new BooleanQuery.Builder();
			for (String field : new String[] { NAME, CONNECTOR, DESCRIPTION }) {
				perToken.add(new TermQuery(new Term(field, token)), BooleanClause.Occur.SHOULD);
			}
			query.add(perToken.build(), BooleanClause.Occur.SHOULD);
		}
		if (minimumShouldMatchShare > 0) {
			query.setMinimumNumberShouldMatch((int) Math.ceil(tokens.size() * minimumShouldMatchShare));
		}
		return query.build();
	}

	public List<String> search(String text, int limit, double minimumShouldMatchShare) {
		try {
			TopDocs top = this.searcher.search(query(text, minimumShouldMatchShare), limit);
			List<String> keys = new ArrayList<>(top.scoreDocs.length);
			for (ScoreDoc hit : top.scoreDocs) {
				keys.add(this.searcher.storedFields().document(hit.doc).get(KEY));
			}
			return keys;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Top document ids only, for the latency benchmark. */
	public TopDocs searchTop(String text, int limit) {
		try {
			return this.searcher.search(query(text, 0), limit);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String joined(String text) {
		return String.join(" ", Tokens.of(text));
	}

	@Override
	public void close() {
		try {
			this.reader.close();
			this.directory.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
