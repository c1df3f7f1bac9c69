/**
 * The MCP clients that sign in to Quiver's authorization server: their registrations
 * (deployment-wide) and the consents members give them (one organisation each), SPEC R14.
 */
package io.quiver.command.client;
