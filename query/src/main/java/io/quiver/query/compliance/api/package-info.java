/**
 * The compliance questions and their answers (SPEC R11.1).
 */
package io.quiver.query.compliance.api;
