/**
 * What makes the trail prove itself without trusting the server (SPEC R10.10, R10.11):
 * the canonical, versioned encoding each entry's hash covers, the Merkle tree over the
 * entries in the manner of RFC 9162, signed checkpoints, inclusion and consistency
 * proofs, and the offline check of an export against a checkpoint. JDK and Jackson only,
 * so the offline check runs from the jar with no server and no database.
 */
package io.quiver.query.audit.proof;
