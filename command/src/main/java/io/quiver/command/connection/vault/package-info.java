/**
 * The credential vault: connection secrets encrypted at rest, referenced from events by a
 * vault ref and erased when a grant is revoked, rotated or its connection deleted.
 */
package io.quiver.command.connection.vault;
