/**
 * Commands, events, grant references and error codes of connections.
 */
package io.quiver.command.connection.api;
