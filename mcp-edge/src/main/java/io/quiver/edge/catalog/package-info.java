/**
 * The catalog at the edge: turning admins' OpenAPI documents into connectors.
 */
package io.quiver.edge.catalog;
