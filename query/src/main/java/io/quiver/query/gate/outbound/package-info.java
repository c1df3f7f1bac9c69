/**
 * The outbound URL rules (SPEC R8.7): the final URL of an HTTP operation after
 * substitution, whether it stays on the connector's base URL, and which addresses its
 * host may not resolve to.
 */
package io.quiver.query.gate.outbound;
