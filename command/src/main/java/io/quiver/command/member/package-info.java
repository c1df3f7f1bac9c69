/**
 * Members: subjects with roles, and the roster that keeps subjects unique and an owner
 * present.
 */
package io.quiver.command.member;
