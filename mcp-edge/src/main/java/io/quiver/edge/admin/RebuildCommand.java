package io.quiver.edge.admin;

import java.util.List;

import io.quiver.query.replay.ProjectionRebuilder;
import io.quiver.query.replay.ProjectionRebuilder.Progress;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * The admin command that rebuilds projections from the event store, with progress:
 * {@code java -jar quiver.jar --quiver.rebuild=member-directory} (or {@code all}). It
 * runs without the web server against the configured database and exits when done; see
 * {@code docs/operations.md}. It runs before every other runner (the bootstrap of an
 * empty store among them), whatever order the classpath scan found them in: a rebuild
 * reads the store as the operator found it.
 */
@Component
@ConditionalOnProperty("quiver.rebuild")
@Order(Ordered.HIGHEST_PRECEDENCE)
class RebuildCommand implements ApplicationRunner {

	private final ProjectionRebuilder rebuilder;

	private final String which;

	RebuildCommand(ProjectionRebuilder rebuilder, @Value("${quiver.rebuild}") String which) {
		this.rebuilder = rebuilder;
		this.which = which;
	}

	@Override
	public void run(ApplicationArguments args) {
		List<String> projections = this.which.equals("all") ? ProjectionRebuilder.PROJECTIONS
				: List.of(this.which.split(","));
		List<String> names = projections.stream().map(String::strip).toList();
		System.out.printf("Rebuilding %s from the event store, in one read of it…%n", String.join(", ", names));
		long started = System.nanoTime();
		List<Progress> done = this.rebuilder.rebuildAll(names, RebuildCommand::print);
		long millis = Math.max(1, (System.nanoTime() - started) / 1_000_000);
		for (Progress projection : done) {
			System.out.printf("Rebuilt %s: %d events read, %d applied, in %d ms (%d events/s), %d ms applying%n",
					projection.projection(), projection.eventsRead(), projection.eventsApplied(), projection.millis(),
					projection.rate(), projection.busyMillis());
		}
		long read = done.isEmpty() ? 0 : done.get(0).eventsRead();
		System.out.printf("Rebuilt %d projections from %d store events in %d ms (%d store events/s)%n", done.size(),
				read, millis, read * 1000 / millis);
	}

	private static void print(Progress progress) {
		if (!progress.done()) {
			System.out.printf("  %s: %d events read, %d applied, %d events/s%n", progress.projection(),
					progress.eventsRead(), progress.eventsApplied(), progress.rate());
		}
	}

}
