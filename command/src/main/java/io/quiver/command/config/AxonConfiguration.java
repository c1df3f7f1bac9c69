package io.quiver.command.config;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.commandhandling.gateway.IntervalRetryScheduler;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;
import org.axonframework.messaging.correlation.SimpleCorrelationDataProvider;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * How Quiver uses Axon without Axon Server, on a JDBC event store.
 * <ul>
 * <li>Every processing group is a subscribing processor whose failures propagate: a
 * projection or lookup table is written in the transaction that stores the event, so a
 * command that returned is visible to the next read on every node (SPEC R9), and a
 * failure rolls the command back instead of being logged and lost. Projections are
 * rebuilt from the event store by {@code ProjectionRebuilder}.</li>
 * <li>A duplicate key on the event table (SQL state 23505) is a concurrency conflict, not
 * a generic storage error (Axon's default resolver misses the batch exceptions of the
 * JDBC engine), and the command gateway retries such conflicts: two nodes changing one
 * aggregate at once both succeed in turn, or the second gets the aggregate's clear
 * refusal.</li>
 * <li>Events are stamped on a millisecond clock, the precision at which the JDBC event
 * store keeps their timestamps: an event read back from the store carries the very
 * timestamp it carried when it was first handled, so a projection rebuilt from the store
 * is identical to the one written live.</li>
 * <li>Events and tokens are serialised by Jackson with a mapper of their own, so that a
 * {@code spring.jackson.*} setting can never change what is stored.</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
public class AxonConfiguration {

	static {
		GenericEventMessage.clock = Clock.tick(Clock.systemUTC(), Duration.ofMillis(1));
	}

	@Bean
	ConfigurerModule subscribingProjections() {
		return (configurer) -> configurer.eventProcessing((processing) -> processing.usingSubscribingEventProcessors()
			.registerDefaultListenerInvocationErrorHandler((c) -> PropagatingErrorHandler.instance()));
	}

	/** Copies the actor of a command onto the events it produces (SPEC R10.3). */
	@Bean
	CorrelationDataProvider actorCorrelation() {
		return new SimpleCorrelationDataProvider(Actor.MEMBER_KEY, Actor.SUBJECT_KEY, Actor.VIA_KEY);
	}

	/**
	 * Keeps Axon's correlation and trace ids, which a custom provider would otherwise
	 * replace.
	 */
	@Bean
	CorrelationDataProvider messageOrigin() {
		return new MessageOriginProvider();
	}

	@Bean
	PersistenceExceptionResolver persistenceExceptionResolver() {
		return (exception) -> {
			for (Throwable t = exception; t != null; t = t.getCause()) {
				if (t instanceof SQLIntegrityConstraintViolationException) {
					return true;
				}
				if (t instanceof SQLException sql) {
					for (SQLException s = sql; s != null; s = s.getNextException()) {
						if ("23505".equals(s.getSQLState())) {
							return true;
						}
					}
				}
			}
			return false;
		};
	}

	@Bean(destroyMethod = "shutdown")
	ScheduledExecutorService commandRetryExecutor() {
		return Executors.newSingleThreadScheduledExecutor((r) -> {
			Thread thread = new Thread(r, "command-retry");
			thread.setDaemon(true);
			return thread;
		});
	}

	@Bean
	CommandGateway commandGateway(CommandBus commandBus, ScheduledExecutorService commandRetryExecutor) {
		return DefaultCommandGateway.builder()
			.commandBus(commandBus)
			.retryScheduler(IntervalRetryScheduler.builder()
				.retryExecutor(commandRetryExecutor)
				.maxRetryCount(5)
				.retryInterval(20)
				// a refusal is final: retrying it repeats it five times, and each retry
				// logs the refusal's message, which may quote an argument value (R10.2)
				.addNonTransientFailurePredicate(AxonConfiguration::refused)
				.build())
			.build();
	}

	private static boolean refused(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof CommandRejectedException) {
				return true;
			}
		}
		return false;
	}

	@Bean
	@Primary
	@Qualifier("serializer")
	Serializer serializer() {
		return jackson();
	}

	@Bean
	@Qualifier("eventSerializer")
	Serializer eventSerializer() {
		return jackson();
	}

	@Bean
	@Qualifier("messageSerializer")
	Serializer messageSerializer() {
		return jackson();
	}

	private static Serializer jackson() {
		return JacksonSerializer.builder().objectMapper(storageMapper()).build();
	}

	/** The mapper for stored events and tokens; changing it changes what is stored. */
	static ObjectMapper storageMapper() {
		return JsonMapper.builder()
			.addModule(new JavaTimeModule())
			.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
			.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.build();
	}

}
