/**
 * The sentence-embedding model behind the semantic signal of {@code search_tools} (SPEC
 * R6.15), outside the search package so that the search engine depends on the JDK and its
 * own API only.
 */
package io.quiver.query.embedding;
