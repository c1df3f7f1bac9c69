/**
 * Control-plane operations as MCP tools (SPEC R13): each feature's toolset, the tool
 * definitions with their input schemas, and the reading of validated arguments.
 */
package io.quiver.edge.tool;
