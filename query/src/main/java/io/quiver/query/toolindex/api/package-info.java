/**
 * Views of the live policy state and the store that opens them.
 */
package io.quiver.query.toolindex.api;
