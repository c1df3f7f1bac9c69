/**
 * What the query side shares: the read models' JSON columns, failure logging, listening
 * on PostgreSQL notification channels, paging an event-backed trail table, and the
 * process's JDBC template, which can hold a thread's writes and send them as batches (the
 * projection rebuild's).
 */
package io.quiver.query.support;
