/**
 * Queries and views of the toolbox directory.
 */
package io.quiver.query.toolbox.api;
