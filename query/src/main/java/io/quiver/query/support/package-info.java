/**
 * What the query side shares: the read models' JSON columns, failure logging, and
 * listening on PostgreSQL notification channels.
 */
package io.quiver.query.support;
