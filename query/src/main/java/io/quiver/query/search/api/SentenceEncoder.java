package io.quiver.query.search.api;

/**
 * A sentence-embedding model run in process (SPEC R6.15): text to a vector whose cosine
 * with another text's vector says how close their meanings are. Implementations ship the
 * model inside a library and never download anything at run time; the same text always
 * yields the same vector.
 */
public interface SentenceEncoder {

	/** The vector of {@code text}, of unit length, always {@link #dimension()} long. */
	float[] encode(String text);

	/** The length of every vector. */
	int dimension();

	/**
	 * The model's name, for explanations and figures (e.g. {@code all-MiniLM-L6-v2-q}).
	 */
	String model();

}
