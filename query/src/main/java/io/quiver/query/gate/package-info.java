/**
 * The gates: call-time rules that read views and answer a Verdict (SPEC R2, R3, R7, R8).
 */
package io.quiver.query.gate;
