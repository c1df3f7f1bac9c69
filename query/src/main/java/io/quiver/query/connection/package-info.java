/**
 * The connection directory read model.
 */
package io.quiver.query.connection;
