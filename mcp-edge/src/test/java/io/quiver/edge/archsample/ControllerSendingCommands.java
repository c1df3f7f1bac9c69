package io.quiver.edge.archsample;

import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: a controller sending a command itself
 * instead of calling its feature's application service.
 */
@RestController
public class ControllerSendingCommands {

	private final CommandGateway commands;

	public ControllerSendingCommands(CommandGateway commands) {
		this.commands = commands;
	}

	@PostMapping("/wrong")
	public Object send(Object command) {
		return this.commands.sendAndWait(command);
	}

}
