package io.quiver.query.audit.proof;

import java.util.BitSet;

/**
 * What a walk of the chain checks of write-ahead pairs (SPEC R10.7), on the server
 * ({@code verify}) and offline alike: an outcome entry settles an earlier attempt entry,
 * and only one. An attempt with no outcome is no break: it reads {@code outcome-unknown}.
 * Fed every entry in order; a bit per entry.
 */
public final class WriteAheadPairs {

	private static final String ATTEMPT = "attempt";

	private static final String OUTCOME = "outcome";

	private final BitSet attempts = new BitSet();

	private final BitSet settled = new BitSet();

	/**
	 * Takes the next entry; answers why it breaks the pairing, or null.
	 * @param phase the entry's phase (null for an entry of its own)
	 * @param attemptSeq for an outcome entry, the attempt it settles
	 */
	public String check(long seq, String phase, Long attemptSeq) {
		if (ATTEMPT.equals(phase)) {
			this.attempts.set(Math.toIntExact(seq));
			return null;
		}
		if (!OUTCOME.equals(phase)) {
			return (attemptSeq == null) ? null : "it names attempt " + attemptSeq + " but is not an outcome entry";
		}
		if (attemptSeq == null || attemptSeq < 1 || attemptSeq >= seq || !this.attempts.get(attemptSeq.intValue())) {
			return "it is an outcome entry, but its attempt " + attemptSeq + " is not an earlier attempt entry";
		}
		if (this.settled.get(attemptSeq.intValue())) {
			return "it settles attempt " + attemptSeq + ", which an earlier outcome entry settled already";
		}
		this.settled.set(attemptSeq.intValue());
		return null;
	}

}
