/**
 * The audit trail for auditors: application service, REST endpoints (list, verify,
 * export, control-plane changes) and MCP tools.
 */
package io.quiver.edge.audit;
