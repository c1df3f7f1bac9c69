package io.quiver.edge.catalog;

import io.quiver.command.catalog.api.ConnectorDefinition;

/**
 * Turns an OpenAPI 3 document into an {@code http} connector definition (SPEC R4.1).
 */
public interface ConnectorDocumentImport {

	/**
	 * @throws IllegalArgumentException naming what makes the document unusable
	 */
	ConnectorDefinition importDocument(String id, String label, String openApiText, boolean allowPrivateNetwork);

}
