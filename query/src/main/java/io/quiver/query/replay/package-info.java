/**
 * Rebuilding projections from the event store.
 */
package io.quiver.query.replay;
