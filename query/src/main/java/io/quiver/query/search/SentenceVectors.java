package io.quiver.query.search;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.quiver.query.search.api.SentenceEncoder;

/**
 * Sentence vectors as the index keeps them (SPEC R6.15): the encoder's unit vectors
 * quantised to one signed byte per dimension, and cached by text, so that a tool whose
 * text an organisation, a replay or another organisation already has is not encoded
 * again. One instance serves a whole process; it is thread-safe.
 * <p>
 * Quantised, a similarity is an integer dot product: exact, the same on every machine for
 * the same bytes, and a quarter of the memory of floats (docs/search.md, "Semantic
 * recall").
 */
public final class SentenceVectors {

	/** A component {@code x} of a unit vector is kept as {@code round(x * SCALE)}. */
	static final int SCALE = 127;

	/** How many tool texts the cache keeps (about 400 bytes each with 384 dimensions). */
	public static final int DEFAULT_TOOL_CAPACITY = 200_000;

	/** How many query texts the cache keeps: models repeat their searches. */
	public static final int DEFAULT_QUERY_CAPACITY = 1_024;

	private final SentenceEncoder encoder;

	private final Lru tools;

	private final Lru queries;

	public SentenceVectors(SentenceEncoder encoder) {
		this(encoder, DEFAULT_TOOL_CAPACITY, DEFAULT_QUERY_CAPACITY);
	}

	/** With cache sizes; 0 caches nothing (for measuring the encoder's own cost). */
	public SentenceVectors(SentenceEncoder encoder, int toolCapacity, int queryCapacity) {
		this.encoder = Objects.requireNonNull(encoder, "encoder");
		this.tools = new Lru(toolCapacity);
		this.queries = new Lru(queryCapacity);
	}

	/** The model's name. */
	public String model() {
		return this.encoder.model();
	}

	/** The quantised vector of a tool's text. */
	byte[] tool(String text) {
		return this.tools.get(text, this);
	}

	/** The quantised vector of a query. */
	byte[] query(String text) {
		return this.queries.get(text, this);
	}

	private byte[] encode(String text) {
		return quantise(this.encoder.encode(text));
	}

	static byte[] quantise(float[] vector) {
		byte[] bytes = new byte[vector.length];
		for (int i = 0; i < vector.length; i++) {
			bytes[i] = (byte) Math.max(-SCALE, Math.min(SCALE, Math.round(vector[i] * SCALE)));
		}
		return bytes;
	}

	/**
	 * The integer dot product of two quantised vectors; over {@code SCALE²} it is the
	 * cosine of the unit vectors they stand for. Four lanes at a time: the JIT keeps four
	 * independent sums in flight, about twice as fast as one running sum.
	 */
	static int dot(byte[] a, byte[] b) {
		int d0 = 0;
		int d1 = 0;
		int d2 = 0;
		int d3 = 0;
		int i = 0;
		for (int n = a.length - 3; i < n; i += 4) {
			d0 += a[i] * b[i];
			d1 += a[i + 1] * b[i + 1];
			d2 += a[i + 2] * b[i + 2];
			d3 += a[i + 3] * b[i + 3];
		}
		for (; i < a.length; i++) {
			d0 += a[i] * b[i];
		}
		return d0 + d1 + d2 + d3;
	}

	/**
	 * A bounded least-recently-used cache. Encoding happens outside the lock: two threads
	 * may encode the same new text at once, and both get the same bytes.
	 */
	private static final class Lru {

		private final int capacity;

		private final Map<String, byte[]> entries;

		Lru(int capacity) {
			this.capacity = capacity;
			this.entries = new LinkedHashMap<>(16, 0.75f, true) {
				@Override
				protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
					return size() > Lru.this.capacity;
				}
			};
		}

		byte[] get(String text, SentenceVectors vectors) {
			if (this.capacity == 0) {
				return vectors.encode(text);
			}
			synchronized (this.entries) {
				byte[] cached = this.entries.get(text);
				if (cached != null) {
					return cached;
				}
			}
			byte[] encoded = vectors.encode(text);
			synchronized (this.entries) {
				this.entries.put(text, encoded);
			}
			return encoded;
		}

	}

}
