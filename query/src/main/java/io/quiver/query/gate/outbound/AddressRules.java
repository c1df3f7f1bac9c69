package io.quiver.query.gate.outbound;

import java.net.InetAddress;

/**
 * Which addresses an outbound call may not reach without the connector's
 * {@code allowPrivateNetwork} (SPEC R8.7): loopback, private (RFC 1918, CGNAT, ULA),
 * link-local (including the cloud metadata address), unspecified, multicast, reserved,
 * and the IPv6 forms that embed one of those IPv4 addresses (IPv4-mapped, -compatible,
 * NAT64, 6to4), judged by the embedded address.
 * <p>
 * Some addresses no connector may reach even with the allowance: IPv4 link-local
 * ({@code 169.254.0.0/16}, where AWS, GCP, Azure, OCI and ECS serve instance and task
 * metadata and credentials), Alibaba Cloud's metadata address {@code 100.100.100.200} and
 * AWS's IPv6 metadata range {@code fd00:ec2::/32}, in any of the embedded forms. An
 * internal service an admin means to reach lives on a private address, never there, so
 * {@code allowPrivateNetwork} cannot open a path to the node's own cloud credentials.
 */
final class AddressRules {

	private AddressRules() {
	}

	/** Why the address is off limits, or null when it is a public unicast address. */
	static String restriction(InetAddress address) {
		byte[] bytes = address.getAddress();
		return (bytes.length == 4) ? ipv4(bytes, 0) : ipv6(bytes);
	}

	/**
	 * Why the address is off limits to every connector, allowance or not, or null.
	 */
	static String neverReachable(InetAddress address) {
		byte[] b = address.getAddress();
		Embedding embedding = (b.length == 4) ? null : Embedding.of(b);
		if (b.length == 4 || embedding != null) {
			int at = (embedding != null) ? embedding.at : 0;
			int a0 = b[at] & 0xff;
			int a1 = b[at + 1] & 0xff;
			if (a0 == 169 && a1 == 254) {
				return "a link-local address, where cloud metadata services live";
			}
			if (a0 == 100 && a1 == 100 && (b[at + 2] & 0xff) == 100 && (b[at + 3] & 0xff) == 200) {
				return "the cloud metadata address";
			}
			return null;
		}
		boolean awsMetadata = (b[0] & 0xff) == 0xfd && b[1] == 0 && (b[2] & 0xff) == 0x0e && (b[3] & 0xff) == 0xc2;
		return awsMetadata ? "the cloud metadata address" : null;
	}

	private static String ipv4(byte[] b, int at) {
		int a0 = b[at] & 0xff;
		int a1 = b[at + 1] & 0xff;
		int a2 = b[at + 2] & 0xff;
		int a3 = b[at + 3] & 0xff;
		if (a0 == 169 && a1 == 254) {
			return (a2 == 169 && a3 == 254) ? "the cloud metadata address (link-local)" : "a link-local address";
		}
		if (a0 == 127) {
			return "a loopback address";
		}
		if (a0 == 0) {
			return "an unspecified address";
		}
		if (a0 == 10 || (a0 == 172 && (a1 & 0xf0) == 16) || (a0 == 192 && a1 == 168)) {
			return "a private address";
		}
		if (a0 == 100 && (a1 & 0xc0) == 64) {
			return "a shared (carrier-grade NAT) address";
		}
		if (a0 >= 224 && a0 <= 239) {
			return "a multicast address";
		}
		if (a0 >= 240) {
			return "a reserved or broadcast address";
		}
		if ((a0 == 192 && a1 == 0 && (a2 == 0 || a2 == 2)) || (a0 == 198 && (a1 & 0xfe) == 18)
				|| (a0 == 198 && a1 == 51 && a2 == 100) || (a0 == 203 && a1 == 0 && a2 == 113)) {
			return "a reserved address";
		}
		return null;
	}

	private static String ipv6(byte[] b) {
		Embedding embedding = Embedding.of(b);
		if (embedding == Embedding.COMPATIBLE && isZero(b, 12, 15) && (b[15] == 0 || b[15] == 1)) {
			return (b[15] == 0) ? "an unspecified address" : "a loopback address";
		}
		if (embedding != null) {
			return embedded(ipv4(b, embedding.at), embedding.form);
		}
		int w0 = word(b, 0);
		int w1 = word(b, 2);
		if (w0 == 0x0064 && w1 == 0xff9b) {
			return "a local-use NAT64 address";
		}
		if (w0 == 0x2001 && w1 == 0x0000) {
			return "a Teredo tunnel address";
		}
		if (w0 == 0x2001 && w1 == 0x0db8) {
			return "a documentation address";
		}
		if (w0 == 0x0100 && isZero(b, 2, 8)) {
			return "a discard-only address";
		}
		if ((b[0] & 0xfe) == 0xfc) {
			return "a private (unique local) address";
		}
		if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80) {
			return "a link-local address";
		}
		if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
			return "a site-local address";
		}
		if ((b[0] & 0xff) == 0xff) {
			return "a multicast address";
		}
		return null;
	}

	private static int word(byte[] b, int at) {
		return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
	}

	/** The IPv6 forms that embed an IPv4 address, and where it starts. */
	private enum Embedding {

		MAPPED("IPv4-mapped", 12), COMPATIBLE("IPv4-compatible", 12), NAT64("NAT64", 12), SIX_TO_FOUR("6to4", 2);

		private final String form;

		private final int at;

		Embedding(String form, int at) {
			this.form = form;
			this.at = at;
		}

		/** The form of a 16-byte address, or null when it embeds no IPv4 address. */
		static Embedding of(byte[] b) {
			if (isZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
				return MAPPED;
			}
			if (isZero(b, 0, 12)) {
				return COMPATIBLE;
			}
			if (word(b, 0) == 0x0064 && word(b, 2) == 0xff9b && isZero(b, 4, 12)) {
				return NAT64;
			}
			return (word(b, 0) == 0x2002) ? SIX_TO_FOUR : null;
		}

	}

	private static String embedded(String v4Restriction, String form) {
		return (v4Restriction != null) ? v4Restriction + " (" + form + ")" : null;
	}

	private static boolean isZero(byte[] b, int from, int to) {
		for (int i = from; i < to; i++) {
			if (b[i] != 0) {
				return false;
			}
		}
		return true;
	}

}
