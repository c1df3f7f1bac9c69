package io.quiver.edge.telemetry;

import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.quiver.command.catalog.api.CuratedCatalog;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.util.function.SingletonSupplier;

/**
 * Observes calls and their stages (SPEC R15.1). One observation per call
 * ({@code quiver.call}: the timer {@code quiver_call_seconds}, whose count is the number
 * of calls, and a span) and one per stage ({@code quiver.call.stage}: the timer
 * {@code quiver_call_stage_seconds} by {@code stage}, and a span named for the stage,
 * child of the call's).
 * <p>
 * Labels are bounded sets: classification, outcome, deciding gate and connector, where
 * the connector is a curated catalog id, {@code quiver} for the control plane,
 * {@code registered} for one an organisation registered and {@code none} when no tool was
 * resolved. The tool's name is a span attribute only; no argument value, query text or
 * secret is a label or an attribute.
 */
@Component
public class CallTelemetry {

	static final String CALL = "quiver.call";

	static final String STAGE = "quiver.call.stage";

	static final String NONE = "none";

	private final ObservationRegistry observations;

	/** The tracer, looked up once (see {@code ops.TraceIds}). */
	private final Supplier<Tracer> tracer;

	private final CuratedCatalog curated;

	private final Counter emptySearches;

	private final Counter searches;

	CallTelemetry(ObjectProvider<ObservationRegistry> observations, ObjectProvider<MeterRegistry> meters,
			ObjectProvider<Tracer> tracer, CuratedCatalog curated) {
		this.observations = observations.getIfAvailable(() -> ObservationRegistry.NOOP);
		this.tracer = SingletonSupplier.of(tracer::getIfAvailable);
		this.curated = curated;
		MeterRegistry registry = meters.getIfAvailable(SimpleMeterRegistry::new);
		this.searches = searchAnswers(registry, false);
		this.emptySearches = searchAnswers(registry, true);
	}

	private static Counter searchAnswers(MeterRegistry registry, boolean empty) {
		return Counter.builder("quiver.search.answers")
			.description("search_tools answers, by whether they found no tool")
			.tag("empty", Boolean.toString(empty))
			.register(registry);
	}

	/** Starts observing one call, in scope on this thread until {@link Call#close()}. */
	public Call start() {
		Observation observation = Observation.createNotStarted(CALL, this.observations)
			.contextualName("tools/call")
			.start();
		return new Call(observation, observation.openScope());
	}

	/** Runs one stage of the current call, observed. */
	public <T> T stage(Stage stage, Supplier<T> body) {
		return Observation.createNotStarted(STAGE, this.observations)
			.contextualName(stage.wireName())
			.lowCardinalityKeyValue("stage", stage.wireName())
			.observe(body);
	}

	/** Counts one {@code search_tools} answer. */
	public void searchAnswered(boolean empty) {
		(empty ? this.emptySearches : this.searches).increment();
	}

	/** The current trace's id, or null when nothing is traced. */
	public String traceId() {
		Tracer current = this.tracer.get();
		Span span = (current != null) ? current.currentSpan() : null;
		return (span != null) ? span.context().traceId() : null;
	}

	/** The connector label of an operation ({@code connector.operation}), bounded. */
	String connector(String operation) {
		if (operation == null) {
			return NONE;
		}
		int dot = operation.indexOf('.');
		String id = (dot > 0) ? operation.substring(0, dot) : operation;
		if (id.equals("quiver") || this.curated.contains(id)) {
			return id;
		}
		return "registered";
	}

	/** One call's observation, open until closed. */
	public final class Call implements AutoCloseable {

		private final Observation observation;

		private final Observation.Scope scope;

		private Call(Observation observation, Observation.Scope scope) {
			this.observation = observation;
			this.scope = scope;
		}

		/**
		 * What the call came to; the tool's name goes in the span only.
		 * @param operation {@code connector.operation} of the resolved tool, or null
		 */
		public void finished(String tool, String operation, String classification, String outcome, String gate) {
			if (tool != null) {
				this.observation.highCardinalityKeyValue("quiver.tool", tool);
			}
			this.observation.lowCardinalityKeyValue("classification", orNone(classification))
				.lowCardinalityKeyValue("outcome", orNone(outcome))
				.lowCardinalityKeyValue("gate", orNone(gate))
				.lowCardinalityKeyValue("connector", connector(operation));
		}

		@Override
		public void close() {
			this.scope.close();
			this.observation.stop();
		}

	}

	private static String orNone(String value) {
		return (value != null) ? value : NONE;
	}

}
