/**
 * The query side: the access model, the gates, the search engine, the live policy state,
 * compliance replay, the audit trail, and the projections of the event store into SQL
 * read models.
 */
package io.quiver.query;
