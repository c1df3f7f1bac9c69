/**
 * Running Quiver as an operator does: start-up validation of the settings, the access
 * log, the probes (SPEC R15).
 */
package io.quiver.edge.ops;
