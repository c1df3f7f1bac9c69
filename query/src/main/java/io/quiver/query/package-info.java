/**
 * The query side: projections of the event store into SQL read models, the in-memory tool
 * index every call is decided against, the gates, the audit trail and the restriction
 * history.
 */
package io.quiver.query;
