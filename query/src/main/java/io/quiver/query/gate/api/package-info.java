/**
 * The vocabulary of the call pipeline (SPEC R7.1, R7.5): the named gates in their order
 * and the verdict each gives. Gates, the surface and the edge all speak it.
 */
package io.quiver.query.gate.api;
