package io.quiver.query.embedding;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.quiver.query.search.SentenceVectors;

/**
 * The process's sentence vectors for the semantic signal of {@code search_tools} (SPEC
 * R6.15), from {@link MiniLmEncoder}, loaded at the first encoding: only once an
 * organisation turns its {@code semanticSearch} setting on.
 * {@code quiver.search.semantic.enabled=false} leaves every index lexical only, whatever
 * the setting says.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "quiver.search.semantic.enabled", havingValue = "true", matchIfMissing = true)
public class SemanticSearchConfiguration {

	@Bean
	SentenceVectors sentenceVectors() {
		return new SentenceVectors(MiniLmEncoder.lazy());
	}

}
