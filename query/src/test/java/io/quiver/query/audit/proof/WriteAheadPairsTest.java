package io.quiver.query.audit.proof;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a walk of the chain checks of write-ahead pairs (SPEC R10.7): an outcome entry
 * settles one earlier attempt, once; an attempt left unsettled is no break.
 */
class WriteAheadPairsTest {

	@Test
	void aChainOfPairsSingleEntriesAndAnUnsettledAttemptPasses() {
		WriteAheadPairs pairs = new WriteAheadPairs();
		assertThat(pairs.check(1, null, null)).isNull();
		assertThat(pairs.check(2, "attempt", null)).isNull();
		assertThat(pairs.check(3, "attempt", null)).isNull();
		assertThat(pairs.check(4, "outcome", 3L)).isNull();
		assertThat(pairs.check(5, "outcome", 2L)).isNull();
		assertThat(pairs.check(6, "attempt", null)).as("outcome-unknown, not a break").isNull();
	}

	@Test
	void anOutcomeMustSettleOneEarlierAttemptOnce() {
		WriteAheadPairs pairs = new WriteAheadPairs();
		pairs.check(1, null, null);
		pairs.check(2, "attempt", null);
		assertThat(pairs.check(3, "outcome", 1L)).contains("its attempt 1 is not an earlier attempt entry");
		assertThat(pairs.check(4, "outcome", 4L)).contains("not an earlier attempt entry");
		assertThat(pairs.check(5, "outcome", null)).contains("not an earlier attempt entry");
		assertThat(pairs.check(6, "outcome", 2L)).isNull();
		assertThat(pairs.check(7, "outcome", 2L)).contains("settled already");
		assertThat(pairs.check(8, null, 2L)).contains("is not an outcome entry");
	}

}
