/**
 * Toolboxes: curated bundles of connector operations granted to roles or users.
 */
package io.quiver.command.toolbox;
