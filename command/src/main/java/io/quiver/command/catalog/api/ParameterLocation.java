package io.quiver.command.catalog.api;

/**
 * Where an HTTP operation puts one argument.
 */
public enum ParameterLocation {

	PATH, QUERY, HEADER, BODY

}
