/**
 * Connector and operation definitions, classifications, and catalog commands and events.
 */
package io.quiver.command.catalog.api;
