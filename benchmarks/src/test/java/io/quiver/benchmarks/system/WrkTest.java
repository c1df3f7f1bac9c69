package io.quiver.benchmarks.system;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class WrkTest {

	@Test
	void readsRateLatenciesAndErrorsInTheirUnits() {
		Wrk.Result result = Wrk.parse(16, """
				Running 5s test @ http://127.0.0.1:8080/mcp
				  2 threads and 16 connections
				  Thread Stats   Avg      Stdev     Max   +/- Stdev
				    Latency    17.75ms   28.21ms    1.20s    90.73%
				    Req/Sec   202.20     93.16   326.00     70.00%
				  Latency Distribution
				     50%  820.00us
				     75%   14.71ms
				     90%   43.13ms
				     99%    1.53s
				  3650 requests in 5.01s, 3.51MB read
				  Socket errors: connect 0, read 2, write 0, timeout 3
				  Non-2xx or 3xx responses: 7
				Requests/sec:    727.30
				Transfer/sec:      3.47MB
				""");
		assertThat(result.perSecond()).isEqualTo(727.30);
		assertThat(result.p50Millis()).isEqualTo(0.82);
		assertThat(result.p99Millis()).isEqualTo(1530.0);
		assertThat(result.requests()).isEqualTo(3650);
		assertThat(result.non2xx()).isEqualTo(7);
		assertThat(result.socketErrors()).isEqualTo(5);
	}

	@Test
	void refusesAnOutputWithoutARate() {
		assertThatIllegalStateException().isThrownBy(() -> Wrk.parse(1, "unable to connect to 127.0.0.1:1"));
	}

}
