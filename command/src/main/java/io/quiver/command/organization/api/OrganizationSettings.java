package io.quiver.command.organization.api;

/**
 * An organisation's settings.
 *
 * @param collapseThreshold the surface collapses when the count is greater than this
 * (SPEC R5.3)
 * @param outbound limits on outbound calls
 */
public record OrganizationSettings(int collapseThreshold, OutboundPolicy outbound) {

	public static final int DEFAULT_COLLAPSE_THRESHOLD = 30;

	public static final OrganizationSettings DEFAULT = new OrganizationSettings(DEFAULT_COLLAPSE_THRESHOLD,
			OutboundPolicy.DEFAULT);

	public OrganizationSettings {
		if (collapseThreshold < 0 || collapseThreshold > 10_000) {
			throw new IllegalArgumentException("collapseThreshold must be between 0 and 10000");
		}
		if (outbound == null) {
			outbound = OutboundPolicy.DEFAULT;
		}
	}

}
