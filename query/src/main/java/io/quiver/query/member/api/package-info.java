/**
 * Queries and views of the member directory.
 */
package io.quiver.query.member.api;
