package io.quiver.edge.upstream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay in front of a test server that can be killed like a process: the listening
 * socket and every connection are reset at once (an embedded server's own stop is
 * graceful and waits for calls in flight). It can listen again on the same port.
 */
final class KillableTcpProxy implements AutoCloseable {

	private final int targetPort;

	private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

	private volatile ServerSocket listener;

	private int port;

	KillableTcpProxy(int targetPort) throws IOException {
		this.targetPort = targetPort;
		listen(0);
	}

	int port() {
		return this.port;
	}

	/** Resets every connection and stops listening. */
	void kill() throws IOException {
		this.listener.close();
		for (Socket socket : this.sockets) {
			try {
				socket.setSoLinger(true, 0);
				socket.close();
			}
			catch (IOException ex) {
				// already closed
			}
		}
		this.sockets.clear();
	}

	/** Listens again on the same port. */
	void revive() throws IOException {
		listen(this.port);
	}

	private void listen(int port) throws IOException {
		ServerSocket socket = new ServerSocket();
		socket.setReuseAddress(true);
		socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
		this.listener = socket;
		this.port = socket.getLocalPort();
		Thread acceptor = new Thread(() -> accept(socket), "proxy-accept");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	private void accept(ServerSocket socket) {
		while (!socket.isClosed()) {
			try {
				Socket client = socket.accept();
				Socket upstream = new Socket(InetAddress.getLoopbackAddress(), this.targetPort);
				this.sockets.add(client);
				this.sockets.add(upstream);
				pump(client, upstream);
				pump(upstream, client);
			}
			catch (IOException ex) {
				// closed by kill()
			}
		}
	}

	private void pump(Socket from, Socket to) {
		Thread thread = new Thread(() -> {
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				byte[] buffer = new byte[8192];
				for (int n; (n = in.read(buffer)) >= 0;) {
					out.write(buffer, 0, n);
					out.flush();
				}
			}
			catch (IOException ex) {
				// one side went away
			}
			finally {
				close(from);
				close(to);
			}
		}, "proxy-pump");
		thread.setDaemon(true);
		thread.start();
	}

	private void close(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already closed
		}
		this.sockets.remove(socket);
	}

	@Override
	public void close() throws IOException {
		kill();
	}

}
