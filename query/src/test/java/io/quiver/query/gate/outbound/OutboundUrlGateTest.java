package io.quiver.query.gate.outbound;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.quiver.query.gate.outbound.OutboundUrlsTest.args;
import static io.quiver.query.gate.outbound.OutboundUrlsTest.operation;
import static org.assertj.core.api.Assertions.assertThat;

class OutboundUrlGateTest {

	private static final String PUBLIC = "93.184.216.34";

	private final Map<String, Deque<List<InetAddress>>> dns = new HashMap<>();

	private final OutboundUrlGate gate = new OutboundUrlGate(this::resolve);

	private final ConnectorDefinition api = connector("https://api.example.com/v1", false);

	private final OperationDefinition getPage = operation("GET", "/pages/{id}", Map.of("id", ParameterLocation.PATH));

	@Test
	void givenAnOrdinaryCall_whenChecked_thenAllowedWithTheCheckedAddresses() {
		answer("api.example.com", PUBLIC, "2606:2800:220:1:248:1893:25c8:1946");

		OutboundTarget target = this.gate.inspect(this.api, URI.create("https://api.example.com/v1/pages/abc?x=1"));

		assertThat(target.allowed()).isTrue();
		assertThat(target.addresses()).hasSize(2);
		assertThat(this.gate.check(this.api, this.getPage, args("{\"id\": \"abc\"}")).allowed()).isTrue();
		assertThat(this.gate.check(this.api, "https://API.example.com:443/v1").allowed()).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "..", "../admin", "../../etc/passwd", "%2e%2e", "%2E%2E%2Fadmin", "a/b", "a\\b", ".",
			"https://evil.example/x", "//evil.example", "%00" })
	void givenAnEscapingPathArgument_whenChecked_thenRefused(String id) {
		answer("api.example.com", PUBLIC);

		Verdict verdict = this.gate.check(this.api, this.getPage,
				args("{\"id\": \"" + id.replace("\\", "\\\\") + "\"}"));

		assertThat(verdict.allowed()).as(id).isFalse();
		assertThat(verdict.gate()).isEqualTo(Gate.OUTBOUND_URL);
		assertThat(verdict.reason()).doesNotContain("evil.example").doesNotContain("passwd");
	}

	@ParameterizedTest
	@ValueSource(strings = { "https://api.example.com/v1/%2e%2e/admin", "https://api.example.com/v1/./x",
			"https://api.example.com/v1/a%2Fb", "https://api.example.com/v1/a%5Cb", "https://api.example.com/v1//x",
			"https://api.example.com/v1/%252e%252e/x", "https://api.example.com/v2/x", "https://api.example.com/v1evil",
			"https://api.example.com/", "https://evil.example/v1/x", "https://api.example.com.evil.example/v1/x",
			"http://api.example.com/v1/x", "https://api.example.com:8443/v1/x", "https://user:pw@api.example.com/v1/x",
			"https://api.example.com@evil.example/v1/x", "file:///etc/passwd", "/v1/relative" })
	void givenAUrlOffTheBaseUrl_whenChecked_thenRefused(String url) {
		answer("api.example.com", PUBLIC);
		answer("evil.example", PUBLIC);
		answer("api.example.com.evil.example", PUBLIC);

		Verdict verdict = this.gate.check(this.api, url);

		assertThat(verdict.allowed()).as(url).isFalse();
		assertThat(verdict.reason()).isNotBlank();
	}

	@ParameterizedTest
	@ValueSource(strings = { "127.0.0.1", "127.1.2.3", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
			"100.64.0.1", "100.127.255.254", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1",
			"fc00::1", "fd00::ec2:254", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::127.0.0.1",
			"2002:7f00:1::1" })
	void givenAHostResolvingToAnInternalAddress_whenChecked_thenRefusedUnlessPrivateNetworkIsAllowed(String address) {
		answer("api.example.com", address);

		Verdict refused = this.gate.check(this.api, "https://api.example.com/v1/x");
		Verdict allowed = this.gate.check(connector("https://api.example.com/v1", true),
				"https://api.example.com/v1/x");

		assertThat(refused.allowed()).as(address).isFalse();
		assertThat(refused.reason()).contains("allowPrivateNetwork");
		assertThat(allowed.allowed()).as(address).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "169.254.169.254", "169.254.170.2", "169.254.1.1", "100.100.100.200", "fd00:ec2::254",
			"fd00:ec2::23", "::ffff:169.254.169.254", "::a9fe:a9fe", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::1",
			"::ffff:100.100.100.200" })
	void givenACloudMetadataAddress_whenChecked_thenRefusedEvenWithThePrivateNetworkAllowance(String address) {
		answer("api.example.com", address);

		Verdict refused = this.gate.check(connector("https://api.example.com/v1", true),
				"https://api.example.com/v1/x");
		OutboundTarget document = this.gate.inspectAddress("the authorization server's metadata",
				URI.create("https://api.example.com/.well-known/oauth-authorization-server"), true);

		assertThat(refused.allowed()).as(address).isFalse();
		assertThat(refused.reason()).contains("no connector may reach").doesNotContain("An admin can register");
		assertThat(document.allowed()).as(address).isFalse();
	}

	@Test
	void givenTheMetadataAddress_whenRefused_thenTheReasonNamesIt() {
		answer("api.example.com", "169.254.169.254");

		assertThat(this.gate.check(this.api, "https://api.example.com/v1/x").reason()).contains("metadata");
	}

	@ParameterizedTest
	@ValueSource(
			strings = { "8.8.8.8", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700::1111", "2002:5db8:d822::1" })
	void givenAPublicAddress_whenChecked_thenAllowed(String address) {
		answer("api.example.com", address);

		assertThat(this.gate.check(this.api, "https://api.example.com/v1/x").allowed()).as(address).isTrue();
	}

	@Test
	void givenOneInternalAddressAmongPublicOnes_whenChecked_thenRefused() {
		answer("api.example.com", PUBLIC, "10.0.0.5", "8.8.8.8");

		assertThat(this.gate.check(this.api, "https://api.example.com/v1/x").allowed()).isFalse();
	}

	@Test
	void givenANameThatRebindsToLoopback_whenCheckedAgainBeforeConnecting_thenTheSecondCheckRefuses() {
		answer("api.example.com", PUBLIC);
		answer("api.example.com", "127.0.0.1");

		assertThat(this.gate.check(this.api, "https://api.example.com/v1/x").allowed()).isTrue();
		assertThat(this.gate.check(this.api, "https://api.example.com/v1/x").allowed()).isFalse();
	}

	@Test
	void givenALiteralLoopbackBaseUrl_whenChecked_thenRefusedWithoutTheAllowance() {
		ConnectorDefinition local = connector("http://127.0.0.1:8080/api", false);

		assertThat(this.gate.check(local, "http://127.0.0.1:8080/api/x").allowed()).isFalse();
		assertThat(
				this.gate.check(connector("http://127.0.0.1:8080/api", true), "http://127.0.0.1:8080/api/x").allowed())
			.isTrue();
	}

	@Test
	void givenAHostThatDoesNotResolve_whenInspected_thenDeniedAsUnresolved() {
		OutboundTarget target = this.gate.inspect(this.api, URI.create("https://api.example.com/v1/x"));

		assertThat(target.allowed()).isFalse();
		assertThat(target.unresolved()).isTrue();
		assertThat(target.verdict().reason()).contains("does not resolve");
	}

	@Test
	void givenAnMcpConnector_whenChecked_thenItsEndpointUrlIsJudged() {
		ConnectorDefinition mcp = new ConnectorDefinition("linear", "Linear", ConnectorKind.MCP, null,
				"https://mcp.linear.example/mcp", null, null, false, 1);
		answer("mcp.linear.example", "10.9.8.7");

		Verdict verdict = this.gate.check(mcp, null, args("{}"));

		assertThat(verdict.allowed()).isFalse();
		assertThat(verdict.reason()).contains("private address");
	}

	private static ConnectorDefinition connector(String baseUrl, boolean allowPrivateNetwork) {
		return new ConnectorDefinition("api", "API", ConnectorKind.HTTP, null, baseUrl, null, null, allowPrivateNetwork,
				1);
	}

	/** Each call queues one DNS answer; the last answer repeats. */
	private void answer(String host, String... addresses) {
		List<InetAddress> resolved = java.util.Arrays.stream(addresses).map(OutboundUrlGateTest::literal).toList();
		this.dns.computeIfAbsent(host, (h) -> new ArrayDeque<>()).add(resolved);
	}

	private List<InetAddress> resolve(String host) throws UnknownHostException {
		Deque<List<InetAddress>> answers = this.dns.get(host);
		if (answers != null) {
			return (answers.size() > 1) ? answers.poll() : answers.peek();
		}
		if (Character.isDigit(host.charAt(0)) || host.contains(":")) {
			return List.of(literal(host));
		}
		throw new UnknownHostException(host);
	}

	private static InetAddress literal(String address) {
		try {
			return InetAddress.getByName(address);
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException(ex);
		}
	}

}
