/**
 * Operator commands run from the command line: rebuilding projections.
 */
package io.quiver.edge.admin;
