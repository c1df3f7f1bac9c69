/**
 * Queries and views of the control-plane trail.
 */
package io.quiver.query.trail.api;
