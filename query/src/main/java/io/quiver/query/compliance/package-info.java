/**
 * Compliance replay (SPEC R8, R11.1): the effective rules of a target or member, why a
 * tool is or is not reachable, the tools a member could reach and what changed between
 * two instants, now or as of an instant replayed from the event store, answered by the
 * same gates as the live system.
 */
package io.quiver.query.compliance;
