package io.quiver.edge.org;

import io.quiver.command.member.api.InviteMemberCommand;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.CreateOrganizationCommand;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.support.Commands;
import io.quiver.query.toolindex.api.PolicyStore;
import org.axonframework.modelling.command.AggregateStreamCreationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * On an empty event store, creates the organisation {@code quiver.bootstrap.org} (default
 * {@code demo}) with an OWNER whose subject is {@code quiver.bootstrap.owner} (default
 * {@code admin}), so a first run has someone who can do everything. Ids are fixed, so two
 * nodes starting together on one empty database create them once.
 */
@Component
@ConditionalOnProperty(name = "quiver.rebuild", havingValue = "", matchIfMissing = true)
class Bootstrap implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(Bootstrap.class);

	private final QuiverProperties properties;

	private final Commands commands;

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	Bootstrap(QuiverProperties properties, Commands commands, JdbcTemplate jdbc, PolicyStore policies) {
		this.properties = properties;
		this.commands = commands;
		this.jdbc = jdbc;
		this.policies = policies;
	}

	@Override
	public void run(ApplicationArguments args) {
		Integer events = this.jdbc.queryForObject("SELECT count(*) FROM domainevententry", Integer.class);
		if (events == null || events > 0) {
			return;
		}
		String org = this.properties.bootstrap().org();
		String owner = this.properties.bootstrap().owner();
		try {
			this.commands.sendAs(Actor.SYSTEM, new CreateOrganizationCommand(org, org));
			this.commands.sendAs(Actor.SYSTEM,
					new InviteMemberCommand("m-bootstrap-" + owner, org, owner, null, Role.OWNER));
			log.info("Empty store: created organisation '{}' with OWNER '{}'", org, owner);
		}
		catch (AggregateStreamCreationException | CommandRejectedException ex) {
			log.info("Organisation '{}' was bootstrapped by another node", org);
		}
		this.policies.catchUp();
	}

}
