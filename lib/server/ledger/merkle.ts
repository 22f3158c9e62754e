import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

// RFC 6962 (Certificate Transparency) Merkle tree hash over the anchored chain heads:
//   leaf = SHA-256(0x00 ‖ RFC 8785 canonical JSON of {chain, chain_seq, hash})
//   node = SHA-256(0x01 ‖ left ‖ right)   (raw 32-byte digests)
//   MTH(n leaves) = node(MTH(first k), MTH(rest)), k the largest power of two < n; MTH(1) = the leaf.
// Leaves are ordered by (chain, chain_seq). The root of zero leaves is SHA-256 of nothing (never
// written: an anchor with no moved head is not written at all).

export interface MerkleLeafInput {
  chain: string;
  chain_seq: number;
  hash: string;
}

export function merkleLeafHash(leaf: MerkleLeafInput): Buffer {
  const canonical = canonicalize({ chain: leaf.chain, chain_seq: leaf.chain_seq, hash: leaf.hash });
  if (canonical === undefined) throw new Error("anchor leaf is not serializable");
  return createHash("sha256")
    .update(Buffer.from([0]))
    .update(canonical)
    .digest();
}

export function merkleNodeHash(left: Buffer, right: Buffer): Buffer {
  return createHash("sha256")
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();
}

/**
 * Builds the root one leaf at a time in O(log n) memory: a stack of perfect subtrees, merged while
 * the two on top are the same size; at the end the stack folds right to left, which is exactly the
 * "split at the largest power of two" shape of RFC 6962.
 */
export class MerkleRootBuilder {
  private readonly stack: { size: number; hash: Buffer }[] = [];
  private count = 0;

  add(leaf: MerkleLeafInput): void {
    let node = { size: 1, hash: merkleLeafHash(leaf) };
    for (let top = this.stack.at(-1); top && top.size === node.size; top = this.stack.at(-1)) {
      this.stack.pop();
      node = { size: top.size * 2, hash: merkleNodeHash(top.hash, node.hash) };
    }
    this.stack.push(node);
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** Hex root. */
  root(): string {
    if (this.stack.length === 0) return createHash("sha256").digest("hex");
    let hash = this.stack[this.stack.length - 1]?.hash as Buffer;
    for (let i = this.stack.length - 2; i >= 0; i--)
      hash = merkleNodeHash((this.stack[i] as { hash: Buffer }).hash, hash);
    return hash.toString("hex");
  }
}

/** The recursive definition, for tests and for readers: same result as MerkleRootBuilder. */
export function merkleRootRecursive(leaves: MerkleLeafInput[]): string {
  if (leaves.length === 0) return createHash("sha256").digest("hex");
  const mth = (from: number, to: number): Buffer => {
    const n = to - from;
    if (n === 1) return merkleLeafHash(leaves[from] as MerkleLeafInput);
    let k = 1;
    while (k * 2 < n) k *= 2;
    return merkleNodeHash(mth(from, from + k), mth(from + k, to));
  };
  return mth(0, leaves.length).toString("hex");
}
