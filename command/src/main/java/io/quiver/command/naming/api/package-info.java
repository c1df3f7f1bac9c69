/**
 * The naming rules of advertised names (SPEC R4.4), shared by every module.
 */
package io.quiver.command.naming.api;
