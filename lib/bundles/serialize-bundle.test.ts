import { describe, expect, it } from "vitest";
import { emptyBundle } from "@/lib/engine/contracts/empty-bundle";
import { demoBundle, demoBundleText } from "@/test/support/bundle-fixtures";
import { serializeBundle } from "./serialize-bundle";

describe("serializeBundle", () => {
  it("leaves the demo file as it is: the file is its own canonical form", () => {
    expect(serializeBundle(demoBundle())).toBe(demoBundleText());
  });

  it("does not depend on the order entities or fields were written in", () => {
    const shuffled = demoBundle();
    for (const list of [
      shuffled.profile_fields,
      shuffled.variables,
      shuffled.tools,
      shuffled.scenarios,
      shuffled.rules,
    ]) {
      list?.reverse();
    }
    const { key, ...rest } = shuffled.agent;
    shuffled.agent = { ...rest, key };
    expect(serializeBundle(shuffled)).toBe(demoBundleText());
  });

  it("sorts a money variable's rates, which PostgreSQL jsonb keeps in no order", () => {
    const bundle = demoBundle();
    const refund = bundle.variables?.find((v) => v.name === "refund_amount");
    if (refund) refund.rates = { GBP: 1.27, EUR: 1.08 };
    expect(serializeBundle(bundle)).toBe(demoBundleText());
  });

  it("writes every default, two-space indented, with a trailing newline", () => {
    const text = serializeBundle({ focal_bundle: 1, agent: { key: "tiny", name: "Tiny" } });
    expect(text).toBe(`${JSON.stringify(emptyBundle({ key: "tiny", name: "Tiny" }), null, 2)}\n`);
  });
});
