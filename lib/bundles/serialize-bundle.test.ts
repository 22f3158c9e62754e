import { describe, expect, it } from "vitest";
import type { BundleInput } from "@/lib/engine/contracts/bundle";
import { emptyBundle } from "@/lib/engine/contracts/empty-bundle";
import { demoBundle, demoBundleText } from "@/test/support/bundle-fixtures";
import { serializeBundle } from "./serialize-bundle";

describe("serializeBundle", () => {
  it("leaves the demo file as it is: the file is its own canonical form", () => {
    expect(serializeBundle(demoBundle())).toBe(demoBundleText());
  });

  it("does not depend on the order entities or fields were written in", () => {
    const shuffled = demoBundle() as Record<string, unknown[]> & { agent: Record<string, unknown> };
    for (const list of ["profile_fields", "variables", "tools", "scenarios", "rules"]) shuffled[list]?.reverse();
    const { key, ...rest } = shuffled.agent;
    shuffled.agent = { ...rest, key };
    expect(serializeBundle(shuffled as unknown as BundleInput)).toBe(demoBundleText());
  });

  it("sorts a money variable's rates, which PostgreSQL jsonb keeps in no order", () => {
    const bundle = demoBundle() as { variables: { name: string; rates?: Record<string, number> }[] };
    const refund = bundle.variables.find((v) => v.name === "refund_amount");
    if (refund) refund.rates = { GBP: 1.27, EUR: 1.08 };
    expect(serializeBundle(bundle as unknown as BundleInput)).toBe(demoBundleText());
  });

  it("writes every default, two-space indented, with a trailing newline", () => {
    const text = serializeBundle({ focal_bundle: 1, agent: { key: "tiny", name: "Tiny" } });
    expect(text).toBe(`${JSON.stringify(emptyBundle({ key: "tiny", name: "Tiny" }), null, 2)}\n`);
  });
});
