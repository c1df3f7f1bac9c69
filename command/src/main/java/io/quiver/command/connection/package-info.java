/**
 * Connections: accounts on connectors, with labels and grants.
 */
package io.quiver.command.connection;
