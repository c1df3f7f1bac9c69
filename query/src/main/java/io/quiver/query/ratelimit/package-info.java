/**
 * Call budgets per minute (SPEC R15.2): Bucket4j token buckets, local on the embedded
 * default, shared between nodes through PostgreSQL with a delayed synchronisation.
 */
package io.quiver.query.ratelimit;
