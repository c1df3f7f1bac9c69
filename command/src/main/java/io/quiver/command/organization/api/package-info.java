/**
 * Commands, events and error codes of organisations.
 */
package io.quiver.command.organization.api;
