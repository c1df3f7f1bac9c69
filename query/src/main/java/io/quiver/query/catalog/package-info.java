/**
 * The read model of connectors registered at run time.
 */
package io.quiver.query.catalog;
