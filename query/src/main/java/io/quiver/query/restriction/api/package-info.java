/**
 * Queries and views of restrictions and their history.
 */
package io.quiver.query.restriction.api;
