/**
 * The curated catalog shipped in versioned files.
 */
package io.quiver.command.catalog;
