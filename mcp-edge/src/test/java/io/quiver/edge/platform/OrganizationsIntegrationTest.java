package io.quiver.edge.platform;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.QuiverApp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import io.quiver.edge.signin.SignedInClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Organisations made by a platform operator (SPEC R14.6): one over REST with a
 * development token minted without an organisation, one from the command line
 * ({@code --quiver.create-org}); each owner signs in through the authorization server,
 * and none of the three owners sees anything of another organisation (R1.4), both ways. A
 * token of an organisation's member is not a platform operator's.
 */
@ExtendWith(OutputCaptureExtension.class)
class OrganizationsIntegrationTest extends QuiverIntegrationTest {

	@Test
	void anOperatorCreatesOrganisationsOverRestAndFromTheCommandLineAndEachSeesOnlyItsOwn(CapturedOutput output) {
		String first = this.organizations.create("first");
		Rest firstOwner = rest(first, "owner");
		firstOwner.post("/api/v1/members", Map.of("subject", "first-alice", "role", "MEMBER"));
		Rest operator = new Rest(baseUrl(), operatorToken());

		Rest.Response created = operator.post("/api/v1/organizations",
				Map.of("slug", "rest-made", "name", "Made over REST", "owner", Map.of("subject", "rita")));
		assertThat(created.status()).as(created.body()).isEqualTo(201);
		assertThat(created.json().path("orgId").asText()).isEqualTo("rest-made");
		assertThat(operator.post("/api/v1/organizations", Map.of("slug", "rest-made", "owner", Map.of("subject", "x")))
			.status()).isEqualTo(409);

		Map<String, String> settings = new HashMap<>(TestDatabase.properties());
		QuiverApp.command(settings, "--quiver.create-org=cli-made", "--quiver.create-org.owner=carl",
				"--quiver.create-org.name=Made on the command line");
		assertThat(output).contains("Created organisation cli-made with OWNER carl");

		Map<String, String> owners = Map.of(first, "owner", "rest-made", "rita", "cli-made", "carl");
		owners.forEach((org, subject) -> {
			SignedInClient client = SignedInClient.signIn(baseUrl(), org, subject);
			JsonNode members = client.call("quiver__members__list");
			assertThat(client.call("quiver__org__get").path("orgId").asText()).isEqualTo(org);
			List<String> subjects = members.findValuesAsText("subject");
			assertThat(subjects).contains(subject);
			owners.forEach((other, otherSubject) -> {
				if (!other.equals(org)) {
					assertThat(subjects).doesNotContain(otherSubject);
				}
			});
			if (!org.equals(first)) {
				assertThat(members.toString()).doesNotContain("first-alice");
			}
		});
	}

	@Test
	void aMembersTokenCannotCreateAnOrganisation() {
		String org = this.organizations.create("not-operator");
		Rest.Response refused = rest(org, "owner").post("/api/v1/organizations",
				Map.of("slug", "should-not-exist", "owner", Map.of("subject", "eve")));

		assertThat(refused.status()).isEqualTo(403);
		assertThat(new Rest(baseUrl(), operatorToken())
			.post("/api/v1/organizations", Map.of("slug", "Not A Slug", "owner", Map.of("subject", "eve")))
			.status()).isEqualTo(400);
	}

	private String operatorToken() {
		Rest.Response token = new Rest(baseUrl(), null).post("/dev/token", Map.of("sub", "platform-operator"));
		assertThat(token.status()).isEqualTo(200);
		return token.json().path("access_token").asText();
	}

}
