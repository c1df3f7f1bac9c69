/**
 * The call pipeline: the one path of every tools/call, its gates in SPEC R7.1 order,
 * argument merging, search and the audit record of each attempt.
 */
package io.quiver.edge.call;
