/**
 * Types every feature's API shares: error codes and the refusal exception.
 */
package io.quiver.command.shared.api;
