/**
 * The AI clients members connected through the authorization server (SPEC R13
 * {@code clients}, R14.3): listing and revoking, for every edge.
 */
package io.quiver.edge.client;
