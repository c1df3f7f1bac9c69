package io.quiver.support;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;

/**
 * {@code @modelcontextprotocol/server-everything}, the MCP reference server that
 * exercises every feature of the protocol, as a real upstream over Streamable HTTP on a
 * free port. Installed into the npm cache of the tests ({@link NpmCache}, folder
 * {@code everything}), run by Node.
 */
public final class EverythingUpstream implements AutoCloseable {

	public static final String VERSION = "2026.8.31";

	private final Process process;

	private final int port;

	private EverythingUpstream(Process process, int port) {
		this.process = process;
		this.port = port;
	}

	public static EverythingUpstream start() {
		Path dir = NpmCache.install("everything", Map.of("@modelcontextprotocol/server-everything", VERSION));
		int port = QuiverNode.freePort();
		try {
			ProcessBuilder builder = new ProcessBuilder("node",
					dir.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js").toString(),
					"streamableHttp")
				.redirectErrorStream(true)
				.redirectOutput(dir.resolve("everything-" + port + ".log").toFile());
			builder.environment().put("PORT", Integer.toString(port));
			EverythingUpstream upstream = new EverythingUpstream(builder.start(), port);
			Awaitility.await("server-everything listening").atMost(Duration.ofMinutes(1)).until(() -> {
				try (Socket socket = new Socket("127.0.0.1", port)) {
					return true;
				}
				catch (IOException ex) {
					return false;
				}
			});
			return upstream;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public String url() {
		return "http://127.0.0.1:" + this.port + "/mcp";
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
