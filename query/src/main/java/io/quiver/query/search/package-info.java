/**
 * The lexical search over connected tools behind {@code search_tools} (SPEC R6): an
 * inverted index with a relevance floor, read word by word, ranked by IDF-weighted field
 * scores.
 */
package io.quiver.query.search;
