/**
 * The audit trail's interface, records, queries and views.
 */
package io.quiver.query.audit.api;
