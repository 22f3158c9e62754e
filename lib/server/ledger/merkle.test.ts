import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MerkleRootBuilder, merkleLeafHash, merkleNodeHash, merkleRootRecursive } from "./merkle";

const leaf = (i: number) => ({ chain: `s-${String(i).padStart(3, "0")}`, chain_seq: i + 1, hash: "ab".repeat(32) });

describe("RFC 6962 Merkle root", () => {
  it("streams to the same root as the recursive definition for every size up to 70", () => {
    for (let n = 1; n <= 70; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leaf(i));
      const builder = new MerkleRootBuilder();
      for (const l of leaves) builder.add(l);
      expect(builder.root()).toBe(merkleRootRecursive(leaves));
    }
  });

  it("hashes a leaf as 0x00 ‖ canonical JSON and three leaves as node(node(a, b), c)", () => {
    const l = leaf(0);
    const canonical = `{"chain":"s-000","chain_seq":1,"hash":"${"ab".repeat(32)}"}`;
    expect(merkleLeafHash(l).toString("hex")).toBe(
      createHash("sha256")
        .update(Buffer.concat([Buffer.from([0]), Buffer.from(canonical)]))
        .digest("hex"),
    );
    const [a, b, c] = [0, 1, 2].map((i) => merkleLeafHash(leaf(i)));
    const expected = merkleNodeHash(merkleNodeHash(a as Buffer, b as Buffer), c as Buffer).toString("hex");
    expect(merkleRootRecursive([leaf(0), leaf(1), leaf(2)])).toBe(expected);
  });
});
