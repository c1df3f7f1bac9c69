/**
 * The system benchmarks (issue 7): plain Java mains that {@code benchmarks/run.sh} drives
 * against a packaged Quiver on PostgreSQL, writing the generated sections of
 * {@code docs/BENCHMARKS.md}.
 */
package io.quiver.benchmarks.system;
