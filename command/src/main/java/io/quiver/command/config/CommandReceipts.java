package io.quiver.command.config;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Makes every command idempotent under the gateway's retry (issue 14, finding 11). When
 * the connection breaks just after the database committed a command, the gateway sees a
 * failure and retries the same message (same id); without a memory of it, the retry runs
 * the handler again and refuses what the first attempt did ({@code subject-taken} for an
 * invitation that was made).
 * <p>
 * So each handled command leaves a receipt, written in its own transaction with its
 * events and lookup rows: committed together or not at all. A command whose receipt
 * exists is not handled again; it answers the first attempt's result (an aggregate id,
 * the only kind of result commands here return). Receipts are needed only for the length
 * of a retry (a few tens of milliseconds); they are deleted after a day.
 */
@Component
public class CommandReceipts implements MessageHandlerInterceptor<CommandMessage<?>> {

	static final Duration KEPT = Duration.ofDays(1);

	private final JdbcTemplate jdbc;

	/**
	 * Axon's interceptor auto-configuration registers it on the command bus, inside the
	 * unit of work's transaction.
	 */
	public CommandReceipts(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain interceptorChain)
			throws Exception {
		String id = unitOfWork.getMessage().getIdentifier();
		List<String> receipt = this.jdbc.queryForList("SELECT result FROM command_receipt WHERE command_id = ?",
				String.class, id);
		if (!receipt.isEmpty()) {
			return receipt.get(0);
		}
		Object result = interceptorChain.proceed();
		this.jdbc.update("INSERT INTO command_receipt (command_id, result, handled_at) VALUES (?, ?, ?)", id,
				(result instanceof String text && text.length() <= 255) ? text : null,
				OffsetDateTime.now(ZoneOffset.UTC));
		return result;
	}

	@Scheduled(cron = "0 41 * * * *", zone = "UTC")
	void forgetOld() {
		this.jdbc.update("DELETE FROM command_receipt WHERE handled_at < ?",
				OffsetDateTime.ofInstant(Instant.now().minus(KEPT), ZoneOffset.UTC));
	}

}
