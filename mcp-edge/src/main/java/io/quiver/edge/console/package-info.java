/**
 * The web console under {@code /console}: server-rendered pages over the same application
 * services as the REST API and the MCP tools, with session sign-in and CSRF protection.
 */
package io.quiver.edge.console;
