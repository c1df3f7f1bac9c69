package io.quiver.edge.mcp;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.quiver.edge.mcp.ToolListing.Listing;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.query.toolindex.api.PolicyChangeListener;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The open notification streams of this node (SPEC R12.6): legacy GET streams and modern
 * {@code subscriptions/listen} streams, grouped by audience (the same organisation,
 * subject and token scopes see the same {@code tools/list}).
 * <p>
 * Each audience remembers the digest of its listing. Whenever this node's policy state
 * moves (a catch-up applied events: after a local commit, or on PostgreSQL's
 * {@code NOTIFY} of another node's), every audience of the organisations that moved is
 * listed again, and only an audience whose digest changed gets
 * {@code notifications/tools/list_changed}, exactly once per stream. Nothing is sent for
 * an event that did not change what the caller sees.
 * <p>
 * A stream closes when its member is suspended or removed (after the notification that
 * the list emptied), when its token expires (checked at each heartbeat), when the member
 * opens more than the per-member cap (the oldest goes), and when the client goes away (a
 * failed write, noticed at the latest at the next heartbeat). A client that reconnects
 * lists again: nothing it needs is carried by the stream itself.
 */
@Component
class McpStreams implements PolicyChangeListener, SmartLifecycle, MeterBinder {

	private static final Logger log = LoggerFactory.getLogger(McpStreams.class);

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private final ToolListing listing;

	private final McpStreamSettings settings;

	private final Clock clock;

	private final Map<CallerIdentity, Audience> audiences = new ConcurrentHashMap<>();

	private final ExecutorService watcher = Executors.newSingleThreadExecutor((runnable) -> {
		Thread thread = new Thread(runnable, "quiver-mcp-streams");
		thread.setDaemon(true);
		return thread;
	});

	private final AtomicLong opened = new AtomicLong();

	private volatile boolean running;

	McpStreams(ToolListing listing, PolicyStore policies, McpStreamSettings settings) {
		this.listing = listing;
		this.settings = settings;
		this.clock = Clock.systemUTC();
		policies.addChangeListener(this);
	}

	/**
	 * Opens a stream for a caller whose listing is {@code now}.
	 * @param subscriptionId the id of the {@code subscriptions/listen} request; null for
	 * a legacy GET stream
	 * @param tools whether the stream asked for {@code tools/list_changed} (always, on a
	 * legacy stream)
	 * @param expiresAt when the caller's token expires, or null
	 */
	SseChannel open(CallerIdentity identity, Listing now, JsonNode subscriptionId, boolean tools, Instant expiresAt) {
		SseChannel channel = new SseChannel();
		Stream stream = new Stream(identity, channel, subscriptionId, tools, expiresAt, this.opened.incrementAndGet());
		if (subscriptionId != null) {
			ObjectNode params = JSON.objectNode();
			ObjectNode filter = params.putObject("notifications");
			if (tools) {
				filter.put("toolsListChanged", true);
			}
			params.putObject("_meta").set(McpVersions.META_SUBSCRIPTION_ID, subscriptionId);
			channel.send(notification("notifications/subscriptions/acknowledged", params));
		}
		else {
			channel.prime();
		}
		String digest = now.digest();
		this.audiences.compute(identity, (key, audience) -> {
			Audience joined = (audience != null) ? audience : new Audience(digest);
			joined.streams.add(stream);
			return joined;
		});
		channel.onClose(() -> remove(stream));
		enforceCap(identity);
		// a change may have landed between the listing and the registration: look again
		this.watcher.execute(() -> recompute(identity));
		return channel;
	}

	@Override
	public void changed(Set<String> orgIds) {
		this.watcher.execute(() -> orgIds.forEach(this::recomputeOrganisation));
	}

	/** Every audience of one organisation, on one snapshot of its current state. */
	private void recomputeOrganisation(String orgId) {
		List<CallerIdentity> identities = this.audiences.keySet()
			.stream()
			.filter((identity) -> identity.orgId().equals(orgId))
			.toList();
		if (identities.isEmpty()) {
			return;
		}
		try (PolicyLease lease = this.listing.open(orgId)) {
			for (CallerIdentity identity : identities) {
				recompute(identity, (lease != null) ? this.listing.of(lease.snapshot(), identity) : null);
			}
		}
		catch (RuntimeException ex) {
			log.warn("Could not list tools for open streams ({}); they are checked again at the next change",
					ex.getClass().getName());
		}
	}

	/** Open streams on this node (for tests, metrics and the benchmark). */
	/** The open notification streams of this node (SPEC R15.1). */
	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("quiver.streams.open", this, McpStreams::openStreams)
			.description("Notification streams open on this node")
			.baseUnit("streams")
			.register(registry);
	}

	int openStreams() {
		return this.audiences.values().stream().mapToInt((audience) -> audience.streams.size()).sum();
	}

	@Scheduled(fixedDelayString = "${quiver.mcp.streams.heartbeat:25s}",
			initialDelayString = "${quiver.mcp.streams.heartbeat:25s}")
	void heartbeat() {
		Instant now = this.clock.instant();
		for (Audience audience : this.audiences.values()) {
			for (Stream stream : audience.streams) {
				if (stream.expiresAt != null && !now.isBefore(stream.expiresAt)) {
					end(stream);
				}
				else {
					stream.channel.heartbeat();
				}
			}
		}
	}

	private void recompute(CallerIdentity identity) {
		try {
			recompute(identity, this.listing.of(identity));
		}
		catch (RuntimeException ex) {
			log.warn("Could not list tools for an open stream ({}); it is checked again at the next change",
					ex.getClass().getName());
		}
	}

	/**
	 * Tells the audience's streams when its listing changed; closes them for a
	 * non-member.
	 */
	private void recompute(CallerIdentity identity, Listing now) {
		Audience audience = this.audiences.get(identity);
		if (audience == null || audience.streams.isEmpty()) {
			return;
		}
		String digest = (now != null) ? now.digest() : "";
		if (!digest.equals(audience.digest)) {
			audience.digest = digest;
			for (Stream stream : audience.streams) {
				stream.listChanged();
			}
		}
		if (now == null || !now.caller().isActive()) {
			audience.streams.forEach(this::end);
		}
	}

	/**
	 * Closes a stream from the server's side; a listen stream gets its closing result.
	 */
	private void end(Stream stream) {
		if (stream.subscriptionId != null) {
			ObjectNode response = JSON.objectNode().put("jsonrpc", "2.0");
			response.set("id", stream.subscriptionId);
			ObjectNode result = response.putObject("result").put("resultType", "complete");
			result.putObject("_meta").set(McpVersions.META_SUBSCRIPTION_ID, stream.subscriptionId);
			stream.channel.send(response);
		}
		stream.channel.close();
	}

	private void enforceCap(CallerIdentity identity) {
		List<Stream> mine = new ArrayList<>();
		this.audiences.forEach((key, audience) -> {
			if (key.orgId().equals(identity.orgId()) && key.subject().equals(identity.subject())) {
				mine.addAll(audience.streams);
			}
		});
		if (mine.size() <= this.settings.maxPerMember()) {
			return;
		}
		mine.sort(Comparator.comparingLong((Stream stream) -> stream.serial));
		mine.subList(0, mine.size() - this.settings.maxPerMember()).forEach(this::end);
	}

	private void remove(Stream stream) {
		this.audiences.computeIfPresent(stream.identity, (key, audience) -> {
			audience.streams.remove(stream);
			return audience.streams.isEmpty() ? null : audience;
		});
	}

	private static ObjectNode notification(String method, ObjectNode params) {
		ObjectNode message = JSON.objectNode().put("jsonrpc", "2.0").put("method", method);
		if (params != null) {
			message.set("params", params);
		}
		return message;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.watcher.shutdownNow();
		this.audiences.values().forEach((audience) -> audience.streams.forEach(this::end));
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/** Before the web server's graceful shutdown (which stops in a lower phase). */
	@Override
	public int getPhase() {
		return Integer.MAX_VALUE;
	}

	/** The streams of one audience and the digest of its listing as last seen. */
	private static final class Audience {

		private final List<Stream> streams = new CopyOnWriteArrayList<>();

		private volatile String digest;

		Audience(String digest) {
			this.digest = digest;
		}

	}

	private record Stream(CallerIdentity identity, SseChannel channel, JsonNode subscriptionId, boolean tools,
			Instant expiresAt, long serial) {

		void listChanged() {
			if (!this.tools) {
				return;
			}
			ObjectNode params = null;
			if (this.subscriptionId != null) {
				params = JSON.objectNode();
				params.putObject("_meta").set(McpVersions.META_SUBSCRIPTION_ID, this.subscriptionId);
			}
			this.channel.send(notification("notifications/tools/list_changed", params));
		}

	}

}
