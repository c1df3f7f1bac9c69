/**
 * What the read models share: their JSON columns.
 */
package io.quiver.query.support;
