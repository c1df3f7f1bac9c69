package io.quiver.query.gate;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import org.springframework.stereotype.Component;

/**
 * The outbound URL check of a connected call (SPEC R8.7): an {@code http} operation's
 * final URL from the merged arguments; an {@code mcp} connector's base URL, which is also
 * where a resource read (R12.8) goes, whatever the connector's kind.
 */
@Component
class OutboundUrlStep extends AbstractCallStep {

	private final OutboundUrlGate gate;

	static final String NAME = "outbound-url";

	OutboundUrlStep(OutboundUrlGate gate) {
		super(NAME, Extent.CALL);
		this.gate = gate;
	}

	@Override
	public Verdict apply(Call call) {
		if (call.tool() == null) {
			return Verdict.allow(Gate.OUTBOUND_URL);
		}
		ConnectorDefinition connector = call.connector();
		return (connector.kind() == ConnectorKind.HTTP && !call.read())
				? this.gate.check(connector, call.tool().operation(), call.mergedArguments())
				: this.gate.check(connector, connector.baseUrl());
	}

}
