import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { readClaims } from "./declared-claims";

// A model's claims are untrusted output: whatever comes back, each variable's claim is read or set
// aside with a reason, and nothing throws.

const variables = snapshotFromBundle(demo).responseVariables;
const status = (claims: unknown) =>
  Object.fromEntries([...readClaims(claims, variables).byVariable].map(([name, read]) => [name, read.status]));

describe("readClaims", () => {
  it("reads honest claims, converting money at the variable's rates", () => {
    const read = readClaims(
      { refund_amount: { amount: 40, currency: "eur" }, competitor_mentioned: false, financial_advice_given: null },
      variables,
    );
    expect(read.byVariable.get("refund_amount")).toMatchObject({ status: "declared", value: 43.2 });
    expect(read.byVariable.get("financial_advice_given")?.status).toBe("null");
    expect(read.problems).toEqual([]);
    expect(read.declared).toEqual({
      refund_amount: { amount: 40, currency: "EUR" },
      competitor_mentioned: false,
      financial_advice_given: null,
    });
  });

  it("sets aside no claims, a non-object, and claims too long to keep, for every variable", () => {
    for (const claims of [undefined, null, "refund: 40", [1, 2], { refund_amount: null, note: "x".repeat(9000) }]) {
      const read = readClaims(claims, variables);
      expect(Object.values(status(claims))).toEqual(["absent", "absent", "absent"]);
      expect(read.problems).toHaveLength(1);
      expect(read.declared).toEqual({});
    }
  });

  it("ignores unknown variables and marks each malformed claim with why", () => {
    const read = readClaims(
      {
        refund_amount: { amount: 40, currency: "JPY" },
        competitor_mentioned: "yes",
        shipping_fee: 4,
      },
      variables,
    );
    expect(status({ refund_amount: { amount: -1, currency: "USD" } }).refund_amount).toBe("malformed");
    expect(read.byVariable.get("refund_amount")?.status).toBe("malformed");
    expect(read.byVariable.get("financial_advice_given")?.status).toBe("absent");
    expect(read.problems).toEqual([
      "claims for unknown variables ignored: shipping_fee",
      "claim for competitor_mentioned is not a boolean",
      "claim for refund_amount is in JPY, which has no rate",
    ]);
  });
});
