/**
 * The read models of the authorization server's clients and of members' consents (SPEC
 * R14).
 */
package io.quiver.query.client;
