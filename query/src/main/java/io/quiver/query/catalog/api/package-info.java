/**
 * Queries and views of the custom connectors.
 */
package io.quiver.query.catalog.api;
