/**
 * Commands, events, roles, targets and error codes of members.
 */
package io.quiver.command.member.api;
