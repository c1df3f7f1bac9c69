/**
 * The restriction directory and the restriction history (SPEC R11.2).
 */
package io.quiver.query.restriction;
