/**
 * Measurements of the tool search (SPEC R6.11): quality against Lucene BM25 on real tool
 * definitions, and latency with JMH.
 */
package io.quiver.benchmarks;
