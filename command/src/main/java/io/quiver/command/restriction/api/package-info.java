/**
 * Commands, events, pinned items and error codes of restrictions.
 */
package io.quiver.command.restriction.api;
