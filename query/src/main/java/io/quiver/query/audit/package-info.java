/**
 * The tool-call audit trail: append-only, hash-chained per organisation, group-committed
 * (SPEC R10).
 */
package io.quiver.query.audit;
