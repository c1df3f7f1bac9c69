/**
 * The platform operators' side of the deployment (SPEC R14.6): creating organisations
 * with their first OWNER, over REST and from the command line.
 */
package io.quiver.edge.platform;
