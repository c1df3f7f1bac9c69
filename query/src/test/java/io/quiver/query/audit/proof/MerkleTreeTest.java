package io.quiver.query.audit.proof;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tree of RFC 9162 §2.1: roots against the reference vectors of Certificate
 * Transparency (the eight leaves of its Merkle test data), and every inclusion and
 * consistency proof of trees up to 33 leaves verifying, and failing once altered.
 */
class MerkleTreeTest {

	private static final HexFormat HEX = HexFormat.of();

	private static final List<String> LEAVES = List.of("", "00", "10", "2021", "3031", "40414243", "5051525354555657",
			"606162636465666768696a6b6c6d6e6f");

	private static final List<String> ROOTS = List.of(
			"6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
			"fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
			"aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
			"d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
			"4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
			"76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
			"ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
			"5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");

	@Test
	void rootsMatchTheReferenceVectors() {
		MerkleTree.Builder tree = new MerkleTree.Builder();
		assertThat(HEX.formatHex(tree.root()))
			.isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
		for (int i = 0; i < LEAVES.size(); i++) {
			tree.add(MerkleTree.leafHash(HEX.parseHex(LEAVES.get(i))));
			assertThat(HEX.formatHex(tree.root())).as("root of %d leaves", i + 1).isEqualTo(ROOTS.get(i));
		}
	}

	@Test
	void everyInclusionProofVerifiesAndAnAlteredOneDoesNot() {
		for (int size = 1; size <= 33; size++) {
			List<byte[]> leaves = leaves(size);
			byte[] root = root(leaves);
			for (int index = 0; index < size; index++) {
				List<byte[]> proof = hashes(leaves, MerkleTree.inclusionRanges(index, size));
				assertThat(MerkleTree.verifyInclusion(index, size, leaves.get(index), proof, root))
					.as("leaf %d of %d", index, size)
					.isTrue();
				if (!proof.isEmpty()) {
					assertThat(MerkleTree.verifyInclusion(index, size, leaves.get((index + 1) % size), proof, root))
						.as("another leaf")
						.isFalse();
					List<byte[]> altered = new ArrayList<>(proof);
					altered.set(0, MerkleTree.leafHash(new byte[] { 7 }));
					assertThat(MerkleTree.verifyInclusion(index, size, leaves.get(index), altered, root)).isFalse();
					assertThat(
							MerkleTree.verifyInclusion(index, size, leaves.get(index), proof, root(leaves(size + 1))))
						.as("another tree's root")
						.isFalse();
				}
			}
		}
	}

	@Test
	void everyConsistencyProofVerifiesAndAnAlteredOneDoesNot() {
		for (int second = 1; second <= 33; second++) {
			List<byte[]> leaves = leaves(second);
			byte[] secondRoot = root(leaves);
			for (int first = 1; first <= second; first++) {
				byte[] firstRoot = root(leaves.subList(0, first));
				List<byte[]> proof = hashes(leaves, MerkleTree.consistencyRanges(first, second));
				assertThat(MerkleTree.verifyConsistency(first, second, firstRoot, secondRoot, proof))
					.as("%d to %d", first, second)
					.isTrue();
				if (first < second) {
					List<byte[]> altered = new ArrayList<>(proof);
					altered.set(altered.size() - 1, MerkleTree.leafHash(new byte[] { 9 }));
					assertThat(MerkleTree.verifyConsistency(first, second, firstRoot, secondRoot, altered)).isFalse();
					byte[] rewritten = root(leaves(first, 1));
					assertThat(MerkleTree.verifyConsistency(first, second, rewritten, secondRoot, proof))
						.as("a rewritten earlier trail")
						.isFalse();
				}
			}
		}
	}

	@Test
	void aProofOfAMillionLeavesHoldsTwentyHashes() {
		assertThat(MerkleTree.inclusionRanges(123_456, 1_000_000)).hasSize(20);
		assertThat(MerkleTree.consistencyRanges(500_000, 1_000_000)).hasSizeLessThanOrEqualTo(40);
	}

	@Test
	void aTreeResumedFromItsFrontierHasTheSameRoots() {
		for (int first = 0; first <= 20; first++) {
			List<byte[]> leaves = leaves(first + 13);
			MerkleTree.Builder before = new MerkleTree.Builder();
			leaves.subList(0, first).forEach(before::add);
			MerkleTree.Builder resumed = MerkleTree.Builder.resume(first, before.frontier());
			leaves.subList(first, leaves.size()).forEach(resumed::add);
			assertThat(resumed.root()).isEqualTo(root(leaves));
		}
		assertThatThrownBy(() -> MerkleTree.Builder.resume(5, List.of(new byte[32])))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void aProofOverMissingLeavesIsRefused() {
		MerkleTree.RangeHasher hasher = new MerkleTree.RangeHasher(MerkleTree.inclusionRanges(0, 4));
		hasher.add(MerkleTree.leafHash(new byte[] { 1 }));
		assertThatThrownBy(hasher::hashes).isInstanceOf(IllegalStateException.class);
	}

	private static List<byte[]> leaves(int n) {
		return leaves(n, 0);
	}

	private static List<byte[]> leaves(int n, int salt) {
		List<byte[]> leaves = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			leaves.add(MerkleTree.leafHash(new byte[] { (byte) i, (byte) (i >> 8), (byte) salt }));
		}
		return leaves;
	}

	private static byte[] root(List<byte[]> leaves) {
		MerkleTree.Builder tree = new MerkleTree.Builder();
		leaves.forEach(tree::add);
		return tree.root();
	}

	private static List<byte[]> hashes(List<byte[]> leaves, List<MerkleTree.Range> ranges) {
		MerkleTree.RangeHasher hasher = new MerkleTree.RangeHasher(ranges);
		for (long i = 0; i < hasher.leavesNeeded(); i++) {
			hasher.add(leaves.get((int) i));
		}
		return hasher.hashes();
	}

}
