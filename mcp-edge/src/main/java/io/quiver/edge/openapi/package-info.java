/**
 * The OpenAPI description of the REST admin API ({@code /v3/api-docs}) and its browsable
 * UI ({@code /swagger-ui.html}).
 */
package io.quiver.edge.openapi;
