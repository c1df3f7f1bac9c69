/**
 * What every edge shares: the control-plane access check, sending commands as a caller,
 * asking the read models, and REST errors.
 */
package io.quiver.edge.support;
