package io.quiver.command.client.api;

import java.util.List;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Registers a public client (SPEC R14.2). Refused when a redirect URI is neither loopback
 * nor https, or the metadata is out of bounds.
 */
public record RegisterClientCommand(@TargetAggregateIdentifier String clientId, ClientKind kind, String clientName,
		List<String> redirectUris, String clientUri) {
}
