/**
 * Commands, events and error codes of client registrations and consents (SPEC
 * R14.1–R14.3).
 */
package io.quiver.command.client.api;
