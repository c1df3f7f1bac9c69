/**
 * The live, in-memory policy state of every organisation, folded from the event store and
 * kept current per request (SPEC R5, R6, R9).
 */
package io.quiver.query.toolindex;
