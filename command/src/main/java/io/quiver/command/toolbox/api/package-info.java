/**
 * Commands, events, entries and error codes of toolboxes.
 */
package io.quiver.command.toolbox.api;
