package io.quiver.query.ratelimit;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

import javax.sql.DataSource;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Budgets of calls per minute, one token bucket per member or connection and limit (SPEC
 * R15.2), with Bucket4j. A bucket holds a minute's calls and refills them whole each
 * minute.
 * <p>
 * On PostgreSQL the buckets are shared by every node (table {@code rate_limit_bucket},
 * Bucket4j's {@code SELECT … FOR UPDATE} proxy manager), and each node's copy is
 * synchronised with the row lazily (Bucket4j's <i>delaying</i> optimisation): a node
 * spends up to {@link #unsynchronized(int)} calls locally before it writes them back, or
 * after {@link #SYNC_AFTER} at the latest, so a call costs a database write only once in
 * every {@code limit/20}. The price is the tolerance: each node can admit up to that many
 * calls the others have not seen yet, so all nodes together admit at most
 * {@code limit + nodes × max(1, limit/20)} calls in a minute (docs/operations.md). On the
 * embedded default (one node) the buckets are in memory and exact.
 * <p>
 * A node keeps its copy of a bucket only while it is used: one idle for {@link #IDLE} is
 * dropped. That changes no answer: a bucket idle for more than a minute has refilled
 * whole, which is what a new copy starts with, and the delaying optimisation has written
 * back what it spent at the first call after {@link #SYNC_AFTER}, or holds at most
 * {@code max(1, limit/20)} calls of a minute that is over. So the map is bounded by the
 * members and connections active in the last two minutes, not by every one ever seen.
 */
@Component
public class CallBudgets {

	/** The longest a node keeps calls it spent from the shared row unsynchronised. */
	static final Duration SYNC_AFTER = Duration.ofSeconds(5);

	/**
	 * How long a node keeps a bucket nobody spends from: longer than its refill minute.
	 */
	static final Duration IDLE = Duration.ofMinutes(2);

	static final String TABLE = "rate_limit_bucket";

	private final ProxyManager<String> shared;

	private final Cache<String, Bucket> buckets;

	@Autowired
	CallBudgets(DataSource dataSource) {
		this(postgres(dataSource) ? Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
			.primaryKeyMapper(PrimaryKeyMapper.STRING)
			.table(TABLE)
			.build() : null, Ticker.systemTicker());
	}

	private CallBudgets(ProxyManager<String> shared, Ticker ticker) {
		this.shared = shared;
		this.buckets = Caffeine.newBuilder().expireAfterAccess(IDLE).ticker(ticker).build();
	}

	/** Budgets of this process alone, as on the embedded default (tests of the gates). */
	public static CallBudgets inMemory() {
		return inMemory(Ticker.systemTicker());
	}

	/** Budgets of this process alone, idling by {@code ticker}'s clock. */
	static CallBudgets inMemory(Ticker ticker) {
		return new CallBudgets(null, ticker);
	}

	/**
	 * Takes one call from the budget {@code key} of {@code perMinute} calls.
	 * @return zero when the call is within the budget, otherwise how long until it would
	 * be
	 */
	public Duration take(String key, int perMinute) {
		String id = key + "/" + perMinute;
		ConsumptionProbe probe = this.buckets.get(id, (name) -> bucket(name, perMinute))
			.tryConsumeAndReturnRemaining(1);
		return probe.isConsumed() ? Duration.ZERO : Duration.ofNanos(probe.getNanosToWaitForRefill());
	}

	/** How many buckets this node holds now (after dropping the idle ones). */
	long held() {
		this.buckets.cleanUp();
		return this.buckets.estimatedSize();
	}

	/** Calls a node may spend from a shared bucket before it writes them back. */
	static long unsynchronized(int perMinute) {
		return Math.max(1, perMinute / 20);
	}

	private Bucket bucket(String id, int perMinute) {
		BucketConfiguration configuration = BucketConfiguration.builder()
			.addLimit((limit) -> limit.capacity(perMinute).refillIntervally(perMinute, Duration.ofMinutes(1)))
			.build();
		if (this.shared == null) {
			return Bucket.builder().addLimit(configuration.getBandwidths()[0]).build();
		}
		return this.shared.builder()
			.withOptimization(Optimizations.delaying(new DelayParameters(unsynchronized(perMinute), SYNC_AFTER)))
			.build(id, () -> configuration);
	}

	private static boolean postgres(DataSource dataSource) {
		try (Connection connection = dataSource.getConnection()) {
			return connection.getMetaData().getDatabaseProductName().equalsIgnoreCase("PostgreSQL");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot tell which database holds the rate limits", ex);
		}
	}

}
