package io.quiver.command;

import io.quiver.command.shared.api.CommandRejectedException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.jdbc.AutoConfigureTestDatabase;
import org.springframework.boot.test.autoconfigure.jdbc.JdbcTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Base of the command-side lookup-table tests: a JDBC slice on H2 in PostgreSQL mode with
 * the Flyway migrations the application runs. Each test runs in a transaction that is
 * rolled back. A subclass annotated for PostgreSQL ({@link PostgresTestSchema}) runs the
 * same tests there.
 */
@JdbcTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@TestPropertySource(properties = {
		"spring.datasource.url=jdbc:h2:mem:command-lookups;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
				+ "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1",
		"spring.flyway.locations=classpath:db/migration/common" })
public abstract class LookupTableIntegrationTest {

	@Autowired
	protected JdbcTemplate jdbc;

	@Autowired
	private PlatformTransactionManager transactionManager;

	/**
	 * Runs a change the way a command runs it, in a (nested) transaction that is rolled
	 * back when it throws, and returns the refusal it must throw. The surrounding test
	 * transaction stays usable afterwards, also on PostgreSQL, where a failed statement
	 * aborts the transaction it ran in.
	 */
	protected CommandRejectedException refusalOf(Runnable change) {
		TransactionTemplate nested = new TransactionTemplate(this.transactionManager);
		nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
		return assertThatExceptionOfType(CommandRejectedException.class)
			.isThrownBy(() -> nested.executeWithoutResult((status) -> change.run()))
			.actual();
	}

	/**
	 * Runs a change that must succeed, in a nested transaction like {@link #refusalOf}.
	 */
	protected void accepted(Runnable change) {
		TransactionTemplate nested = new TransactionTemplate(this.transactionManager);
		nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
		nested.executeWithoutResult((status) -> change.run());
	}

}
