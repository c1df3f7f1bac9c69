/**
 * Metrics and traces of Quiver's calls (SPEC R15.1): the {@code quiver_} series and one
 * span per stage of a call, through Micrometer's Observation API as Spring Boot's
 * actuator wires it.
 */
package io.quiver.edge.telemetry;
