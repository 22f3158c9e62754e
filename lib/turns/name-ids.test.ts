import { describe, expect, it } from "vitest";
import { nameIds, nameIdsDeep } from "./name-ids";

const T = "020dcb90-1111-4222-8333-444455556666";
const R = "7a1e0c1d-aaaa-4bbb-8ccc-ddddeeeeffff";
const names = { [T]: "Ask for the order → Look up the order", [R]: "Refunds above $50 need a specialist" };

describe("nameIds", () => {
  it("shows transitions and rules by name, and leaves unknown ids as they are", () => {
    expect(nameIds(`intent transition:${T} 0.82`, names)).toBe(
      "intent transition “Ask for the order → Look up the order” 0.82",
    );
    expect(nameIds(`failed ${R}`, names)).toBe("failed “Refunds above $50 need a specialist”");
    const gone = "11111111-2222-4333-8444-555566667777";
    expect(nameIds(`rule ${gone}`, names)).toBe(`rule ${gone}`);
  });

  it("names the ids inside nested span attributes", () => {
    expect(nameIdsDeep({ candidates: [{ label: `transition:${T}`, score: 0.8 }] }, names)).toEqual({
      candidates: [{ label: "transition “Ask for the order → Look up the order”", score: 0.8 }],
    });
  });
});
