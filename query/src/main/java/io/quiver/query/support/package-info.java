/**
 * What the query side shares: the read models' JSON columns, failure logging, listening
 * on PostgreSQL notification channels, and paging an event-backed trail table.
 */
package io.quiver.query.support;
