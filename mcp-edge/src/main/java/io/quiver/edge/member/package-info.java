/**
 * Members: the application service, its REST endpoints and its MCP tools.
 */
package io.quiver.edge.member;
