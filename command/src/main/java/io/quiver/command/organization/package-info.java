/**
 * Organisations: their settings and the catalog of custom connectors.
 */
package io.quiver.command.organization;
