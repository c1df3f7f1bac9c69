/**
 * Queries and views of the connection directory.
 */
package io.quiver.query.connection.api;
