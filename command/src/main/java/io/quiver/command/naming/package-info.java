/**
 * Advertised names: the naming rules and the lookup table that keeps them unique (SPEC
 * R4.4).
 */
package io.quiver.command.naming;
