package io.quiver.query.gate.outbound;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Name resolution for the outbound URL check, behind an interface so that tests can feed
 * addresses (a rebinding name, a name that resolves to the metadata address).
 */
@FunctionalInterface
public interface HostResolver {

	/** The JVM's resolver; IP literals are parsed without a lookup. */
	HostResolver SYSTEM = (host) -> List.of(InetAddress.getAllByName(host));

	/**
	 * Every address the host resolves to.
	 * @throws UnknownHostException when it resolves to none
	 */
	List<InetAddress> resolve(String host) throws UnknownHostException;

}
