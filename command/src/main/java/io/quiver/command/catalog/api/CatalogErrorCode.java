package io.quiver.command.catalog.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why a catalog command was refused.
 */
public enum CatalogErrorCode implements ErrorCode {

	/** The connector id is already used by a curated or registered connector. */
	CONNECTOR_EXISTS("catalog.connector-exists", Kind.CONFLICT),
	/** No connector with this id in the organisation's catalog. */
	CONNECTOR_NOT_FOUND("catalog.connector-not-found", Kind.NOT_FOUND),
	/** Curated connectors ship with Quiver and cannot be unregistered. */
	CURATED_CONNECTOR("catalog.curated-connector", Kind.CONFLICT),
	/** Connections still use the connector. */
	CONNECTOR_IN_USE("catalog.connector-in-use", Kind.CONFLICT),
	/** The connector definition (or the OpenAPI document) is not usable. */
	INVALID_DEFINITION("catalog.invalid-definition", Kind.INVALID);

	private final String code;

	private final Kind kind;

	CatalogErrorCode(String code, Kind kind) {
		this.code = code;
		this.kind = kind;
	}

	@Override
	public String code() {
		return this.code;
	}

	@Override
	public Kind kind() {
		return this.kind;
	}

}
