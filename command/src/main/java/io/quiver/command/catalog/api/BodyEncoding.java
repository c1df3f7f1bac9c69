package io.quiver.command.catalog.api;

/**
 * How an HTTP operation sends its body arguments.
 */
public enum BodyEncoding {

	/** A JSON object of the body arguments ({@code application/json}). */
	JSON,
	/**
	 * Form fields ({@code application/x-www-form-urlencoded}); nested objects flatten to
	 * {@code key[sub]=value}, as Stripe expects.
	 */
	FORM,
	/**
	 * A GraphQL request: {@code {"query": graphqlQuery, "variables": {body arguments}}},
	 * for APIs such as Linear's that only speak GraphQL.
	 */
	GRAPHQL

}
