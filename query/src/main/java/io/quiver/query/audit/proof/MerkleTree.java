package io.quiver.query.audit.proof;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Merkle tree of RFC 9162 (Certificate Transparency 2.0) §2.1 over an organisation's
 * trail: leaf {@code i} is entry {@code i + 1}, its data the entry's 32-byte hash.
 * <ul>
 * <li>§2.1.1: {@code MTH({}) = SHA-256()}, leaf hash {@code SHA-256(0x00 ‖ d)}, node hash
 * {@code SHA-256(0x01 ‖ left ‖ right)}, the split at the largest power of two smaller
 * than {@code n};</li>
 * <li>§2.1.3.1 inclusion proofs ({@code PATH}) and §2.1.3.2 their verification;</li>
 * <li>§2.1.4.1 consistency proofs ({@code PROOF}, {@code SUBPROOF}) and §2.1.4.2 their
 * verification.</li>
 * </ul>
 * Hand-written: the algorithms are a page of the RFC, and no maintained Java library
 * offers them without a Certificate Transparency log around them. A proof is computed as
 * the list of leaf ranges whose subtree hashes it needs ({@link #inclusionRanges},
 * {@link #consistencyRanges}), filled in by one pass over the leaves in order
 * ({@link RangeHasher}), so a proof over a million entries reads their hashes once and
 * holds a few dozen in memory.
 */
public final class MerkleTree {

	private static final byte LEAF = 0x00;

	private static final byte NODE = 0x01;

	private MerkleTree() {
	}

	/** A range of leaves {@code [from, to)}. */
	public record Range(long from, long to) {

		public Range {
			if (from < 0 || to <= from) {
				throw new IllegalArgumentException("not a range of leaves: [" + from + ", " + to + ")");
			}
		}

		long size() {
			return this.to - this.from;
		}

	}

	/** {@code MTH({})}: the root of an empty tree. */
	public static byte[] emptyRoot() {
		return EntryEncoding.digest();
	}

	public static byte[] leafHash(byte[] leaf) {
		return EntryEncoding.digest(new byte[] { LEAF }, leaf);
	}

	public static byte[] nodeHash(byte[] left, byte[] right) {
		return EntryEncoding.digest(new byte[] { NODE }, left, right);
	}

	/** The largest power of two smaller than n (n at least 2). */
	static long split(long n) {
		return Long.highestOneBit(n - 1);
	}

	/**
	 * The subtrees whose hashes the inclusion proof of leaf {@code index} in a tree of
	 * {@code size} leaves holds, in proof order (§2.1.3.1, bottom up).
	 */
	public static List<Range> inclusionRanges(long index, long size) {
		if (index < 0 || index >= size) {
			throw new IllegalArgumentException("leaf " + index + " is not in a tree of " + size);
		}
		List<Range> path = new ArrayList<>();
		path(index, 0, size, path);
		return path;
	}

	private static void path(long m, long from, long to, List<Range> out) {
		long n = to - from;
		if (n == 1) {
			return;
		}
		long k = split(n);
		if (m < k) {
			path(m, from, from + k, out);
			out.add(new Range(from + k, to));
		}
		else {
			path(m - k, from + k, to, out);
			out.add(new Range(from, from + k));
		}
	}

	/**
	 * The subtrees whose hashes the consistency proof between the trees of {@code first}
	 * and {@code second} leaves holds, in proof order (§2.1.4.1); empty when the sizes
	 * are equal.
	 */
	public static List<Range> consistencyRanges(long first, long second) {
		if (first <= 0 || first > second) {
			throw new IllegalArgumentException(
					"no consistency proof from a tree of " + first + " to a tree of " + second);
		}
		List<Range> proof = new ArrayList<>();
		if (first < second) {
			subproof(first, 0, second, true, proof);
		}
		return proof;
	}

	private static void subproof(long m, long from, long to, boolean whole, List<Range> out) {
		long n = to - from;
		if (m == n) {
			if (!whole) {
				out.add(new Range(from, to));
			}
			return;
		}
		long k = split(n);
		if (m <= k) {
			subproof(m, from, from + k, whole, out);
			out.add(new Range(from + k, to));
		}
		else {
			subproof(m - k, from + k, to, false, out);
			out.add(new Range(from, from + k));
		}
	}

	/**
	 * §2.1.3.2: whether {@code proof} shows the leaf at {@code index} in the tree of
	 * {@code size} leaves whose root is {@code root}.
	 */
	public static boolean verifyInclusion(long index, long size, byte[] leafHash, List<byte[]> proof, byte[] root) {
		if (index < 0 || index >= size) {
			return false;
		}
		long fn = index;
		long sn = size - 1;
		byte[] r = leafHash;
		for (byte[] p : proof) {
			if (sn == 0) {
				return false;
			}
			if ((fn & 1) == 1 || fn == sn) {
				r = nodeHash(p, r);
				if ((fn & 1) == 0) {
					while ((fn & 1) == 0 && fn != 0) {
						fn >>= 1;
						sn >>= 1;
					}
				}
			}
			else {
				r = nodeHash(r, p);
			}
			fn >>= 1;
			sn >>= 1;
		}
		return sn == 0 && MessageDigest.isEqual(r, root);
	}

	/**
	 * §2.1.4.2: whether {@code proof} shows the tree of {@code firstSize} leaves with
	 * root {@code firstRoot} to be a prefix of the tree of {@code secondSize} leaves with
	 * root {@code secondRoot}.
	 */
	public static boolean verifyConsistency(long firstSize, long secondSize, byte[] firstRoot, byte[] secondRoot,
			List<byte[]> proof) {
		if (firstSize <= 0 || firstSize > secondSize) {
			return false;
		}
		if (firstSize == secondSize) {
			return proof.isEmpty() && MessageDigest.isEqual(firstRoot, secondRoot);
		}
		if (proof.isEmpty()) {
			return false;
		}
		List<byte[]> path = new ArrayList<>(proof);
		if (Long.bitCount(firstSize) == 1) {
			path.add(0, firstRoot);
		}
		long fn = firstSize - 1;
		long sn = secondSize - 1;
		while ((fn & 1) == 1) {
			fn >>= 1;
			sn >>= 1;
		}
		byte[] fr = path.get(0);
		byte[] sr = path.get(0);
		for (byte[] c : path.subList(1, path.size())) {
			if (sn == 0) {
				return false;
			}
			if ((fn & 1) == 1 || fn == sn) {
				fr = nodeHash(c, fr);
				sr = nodeHash(c, sr);
				if ((fn & 1) == 0) {
					while ((fn & 1) == 0 && fn != 0) {
						fn >>= 1;
						sn >>= 1;
					}
				}
			}
			else {
				sr = nodeHash(sr, c);
			}
			fn >>= 1;
			sn >>= 1;
		}
		return MessageDigest.isEqual(fr, firstRoot) && MessageDigest.isEqual(sr, secondRoot) && sn == 0;
	}

	/**
	 * The root of leaves added one by one, in O(log n) memory: the stack of perfect
	 * subtrees so far (the tree's frontier), folded right to left at the end, which is
	 * the root §2.1.1 defines (its split at the largest power of two is the frontier's
	 * first subtree).
	 */
	public static final class Builder {

		private final List<byte[]> hashes = new ArrayList<>();

		private final List<Long> sizes = new ArrayList<>();

		private long count;

		/** Adds the next leaf, as its leaf hash. */
		public void add(byte[] leafHash) {
			byte[] hash = leafHash;
			long size = 1;
			while (!this.sizes.isEmpty() && this.sizes.get(this.sizes.size() - 1) == size) {
				hash = nodeHash(this.hashes.remove(this.hashes.size() - 1), hash);
				size += this.sizes.remove(this.sizes.size() - 1);
			}
			this.hashes.add(hash);
			this.sizes.add(size);
			this.count++;
		}

		public long size() {
			return this.count;
		}

		public byte[] root() {
			if (this.hashes.isEmpty()) {
				return emptyRoot();
			}
			byte[] root = this.hashes.get(this.hashes.size() - 1);
			for (int i = this.hashes.size() - 2; i >= 0; i--) {
				root = nodeHash(this.hashes.get(i), root);
			}
			return root;
		}

		/** The frontier: the perfect subtrees' hashes, largest first. */
		public List<byte[]> frontier() {
			return this.hashes.stream().map((h) -> Arrays.copyOf(h, h.length)).toList();
		}

		/**
		 * A builder that continues a tree of {@code size} leaves from its frontier (as
		 * {@link #frontier} gave it), so a checkpoint is made from the entries since the
		 * last one alone.
		 */
		public static Builder resume(long size, List<byte[]> frontier) {
			Builder builder = new Builder();
			long remaining = size;
			for (byte[] hash : frontier) {
				long perfect = Long.highestOneBit(remaining);
				builder.hashes.add(hash);
				builder.sizes.add(perfect);
				remaining -= perfect;
			}
			if (remaining != 0 || Long.bitCount(size) != frontier.size()) {
				throw new IllegalArgumentException(
						"a frontier of " + frontier.size() + " hashes is not a tree of " + size + " leaves");
			}
			builder.count = size;
			return builder;
		}

	}

	/**
	 * Fills in the hashes of given ranges in one pass over the leaves in order: each
	 * range gets a {@link Builder} that takes the leaves inside it.
	 */
	public static final class RangeHasher {

		private final List<Range> ranges;

		private final Builder[] builders;

		private long next;

		public RangeHasher(List<Range> ranges) {
			this.ranges = List.copyOf(ranges);
			this.builders = new Builder[ranges.size()];
			for (int i = 0; i < this.builders.length; i++) {
				this.builders[i] = new Builder();
			}
		}

		/** The number of leaves it must be fed: up to the end of the last range. */
		public long leavesNeeded() {
			return this.ranges.stream().mapToLong(Range::to).max().orElse(0);
		}

		/** Feeds the next leaf (leaf 0 first). */
		public void add(byte[] leafHash) {
			for (int i = 0; i < this.builders.length; i++) {
				Range range = this.ranges.get(i);
				if (this.next >= range.from() && this.next < range.to()) {
					this.builders[i].add(leafHash);
				}
			}
			this.next++;
		}

		/** The hashes, in the order of the ranges; every range must have been fed. */
		public List<byte[]> hashes() {
			List<byte[]> hashes = new ArrayList<>(this.builders.length);
			for (int i = 0; i < this.builders.length; i++) {
				if (this.builders[i].size() != this.ranges.get(i).size()) {
					throw new IllegalStateException("range " + this.ranges.get(i) + " got " + this.builders[i].size()
							+ " leaves: the trail is shorter than the proof");
				}
				hashes.add(this.builders[i].root());
			}
			return hashes;
		}

	}

}
