package io.quiver.edge.catalog;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Custom {@code http} connectors are imported from OpenAPI documents with the OpenAPI
 * importer.
 */
@Configuration(proxyBeanMethods = false)
class CatalogImportConfiguration {

	@Bean
	ConnectorDocumentImport connectorDocumentImport(OpenApiConnectorImporter importer) {
		return importer::importDocument;
	}

}
