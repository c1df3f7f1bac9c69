/**
 * Restrictions: pinned allow and block rules for a role or a user.
 */
package io.quiver.command.restriction;
