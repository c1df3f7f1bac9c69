/**
 * The control-plane trail: every control-plane change with who, what and when (SPEC
 * R10.3).
 */
package io.quiver.query.trail;
