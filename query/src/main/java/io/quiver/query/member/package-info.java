/**
 * The member directory read model.
 */
package io.quiver.query.member;
