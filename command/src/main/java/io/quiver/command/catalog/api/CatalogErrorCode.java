package io.quiver.command.catalog.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why a catalog command was refused.
 */
public final class CatalogErrorCode {

	/** The connector id is already used by a curated or registered connector. */
	public static final ErrorCode CONNECTOR_EXISTS = new ErrorCode("catalog.connector-exists", Kind.CONFLICT);

	/** No connector with this id in the organisation's catalog. */
	public static final ErrorCode CONNECTOR_NOT_FOUND = new ErrorCode("catalog.connector-not-found", Kind.NOT_FOUND);

	/** Curated connectors ship with Quiver and cannot be unregistered. */
	public static final ErrorCode CURATED_CONNECTOR = new ErrorCode("catalog.curated-connector", Kind.CONFLICT);

	/** Connections still use the connector. */
	public static final ErrorCode CONNECTOR_IN_USE = new ErrorCode("catalog.connector-in-use", Kind.CONFLICT);

	/** The connector definition (or the OpenAPI document) is not usable. */
	public static final ErrorCode INVALID_DEFINITION = new ErrorCode("catalog.invalid-definition", Kind.INVALID);

	private CatalogErrorCode() {
	}

}
