/**
 * Quiver's settings and deployment shape.
 */
package io.quiver.edge.config;
