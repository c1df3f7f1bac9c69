package io.quiver.edge.platform;

import io.quiver.command.shared.api.Actor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * The admin command that creates an organisation with its first OWNER (SPEC R14.6):
 * {@code java -jar quiver.jar --quiver.create-org=<slug> --quiver.create-org.owner=<subject>}
 * (optionally {@code --quiver.create-org.name=…}, {@code --quiver.create-org.email=…}).
 * Like {@code --quiver.rebuild} it runs against the configured database without opening a
 * port, prints what it did and exits. Whoever can run the jar against the database is a
 * platform operator.
 */
@Component
@ConditionalOnProperty("quiver.create-org")
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class CreateOrganizationCommandLine implements ApplicationRunner {

	private static final Actor COMMAND_LINE = new Actor(null, "command-line", "system", "OWNER");

	private final OrganizationCreation creation;

	private final String slug;

	private final String owner;

	private final String name;

	private final String email;

	CreateOrganizationCommandLine(OrganizationCreation creation, @Value("${quiver.create-org}") String slug,
			@Value("${quiver.create-org.owner:}") String owner, @Value("${quiver.create-org.name:}") String name,
			@Value("${quiver.create-org.email:}") String email) {
		this.creation = creation;
		this.slug = slug.strip();
		this.owner = owner.strip();
		this.name = name.strip();
		this.email = email.isBlank() ? null : email.strip();
	}

	@Override
	public void run(ApplicationArguments args) {
		OrganizationCreation.Created created = this.creation.create(COMMAND_LINE, this.slug, this.name, this.owner,
				this.email);
		System.out.printf("Created organisation %s with OWNER %s (member %s)%n", created.orgId(),
				created.ownerSubject(), created.ownerMemberId());
	}

}
