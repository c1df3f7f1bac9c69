/**
 * Axon wiring of the command side: subscribing processors, conflict detection,
 * serialisation.
 */
package io.quiver.command.config;
