package io.quiver.edge.member;

import java.util.Map;

import javax.sql.DataSource;

import io.quiver.support.EventStore;
import io.quiver.support.FaultyDatabase;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A command committed just as the connection broke is retried by the command gateway; the
 * retry answers the first attempt's outcome instead of refusing what it did itself (issue
 * 14, finding 11: the invitation answered {@code subject-taken} although it was made).
 * The database commits the invitation, then its commit reports a broken connection
 * ({@link FaultyDatabase}); the caller gets its 201, and there is one invitation.
 */
class RetriedCommandIntegrationTest extends QuiverIntegrationTest {

	@Autowired
	DataSource dataSource;

	@AfterEach
	void disarm() {
		FaultyDatabase.reset();
	}

	@Test
	void aRetriedAmbiguousInviteAnswersItsOriginalSuccess() {
		String org = this.organizations.create("retried");
		Rest owner = rest(org, "owner");
		FaultyDatabase.reset();
		FaultyDatabase.commitThenFail((statement) -> statement.startsWith("INSERT INTO member_roster")
				&& statement.values().contains("carol") && statement.values().contains(org));

		Rest.Response invited = owner.post("/api/v1/members", Map.of("subject", "carol", "role", "MEMBER"));

		assertThat(FaultyDatabase.commitsFailed()).as("the commit was reported broken after it committed").isOne();
		assertThat(invited.status()).as(invited.body()).isEqualTo(201);
		assertThat(invited.json().path("subject").asText()).isEqualTo("carol");
		assertThat(owner.get("/api/v1/members/carol").json().path("memberId").asText())
			.isEqualTo(invited.json().path("memberId").asText());
		assertThat(new EventStore(this.dataSource).payloads("MemberInvitedEvent", "\"" + org + "\""))
			.filteredOn((payload) -> payload.contains("\"carol\""))
			.hasSize(1);
		assertThat(owner.post("/api/v1/members", Map.of("subject", "carol", "role", "MEMBER")).status())
			.as("a second invitation, a new command, is refused as before")
			.isEqualTo(409);
	}

}
