/**
 * Queries and views of registered clients and consents.
 */
package io.quiver.query.client.api;
