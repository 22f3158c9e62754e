import { describe, expect, it } from "vitest";
import type { BundleInput } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { demoBundle, demoBundleText } from "@/test/support/bundle-fixtures";
import { fileDatabase } from "@/test/support/test-database";
import { exportBundle, serializeBundle } from "./export-bundle";
import { importBundle } from "./import-bundle";

const actor: Actor = { kind: "system", name: "test", id: null };
const handle = fileDatabase();

// Authored out of order, with defaults omitted, settings keys shuffled and free-form JSON whose key
// order PostgreSQL's jsonb will not keep: export must still settle on one canonical text.
const untidy: BundleInput = {
  rules: [
    {
      key: "z-last",
      name: "Cap discounts",
      condition_text: "A discount is discussed",
      action_text: "Offer at most 10 %.",
      is_hard_constraint: true,
      enforcement_expression: "discount <= 10.0 && size(tier) > 0",
      scope: "STEP",
      scope_ref: "checkout/confirm",
      attached_tools: ["quote", "catalogue"],
    },
    { key: "a-first", name: "Greet", condition_text: "Conversation starts", action_text: "Say hello." },
  ],
  scenarios: [
    {
      key: "checkout",
      name: "Checkout",
      entry_step: "start",
      steps: [
        { key: "start", name: "Start" },
        { key: "confirm", name: "Confirm", is_terminal: true },
        { key: "b-middle", name: "Sorted? No: steps keep their order" },
      ],
      transitions: [
        { from: "start", to: "b-middle", examples: ["ok"] },
        { from: "b-middle", to: "confirm" },
      ],
    },
  ],
  tools: [
    {
      key: "quote",
      name: "Quote",
      kind: "http",
      input_schema: { properties: { sku: { type: "string" } }, required: ["sku"] },
      output: {
        url: "https://api.example.com/quote/{sku}",
        variables: { quote_total: "total", discount: "lines[0].discount" },
      },
    },
    {
      key: "catalogue",
      name: "Catalogue",
      kind: "static",
      output: { data: { zeta: 1, alpha: { y: [3, { d: 1, c: 2 }], x: null }, "long-key-name": "v" } },
    },
  ],
  variables: [{ name: "tier", type: "string", patterns: ["tier: (\\w+)"] }],
  agent: {
    settings: { fatigue: { max_fatigue: 0.9, decay_rate: 0.1 }, scenario_filter: { stickiness_boost: 0.25 } },
    name: "Untidy",
    key: "untidy",
  },
  focal_bundle: 1,
};

describe("exportBundle", () => {
  it("exports the imported demo agent as the demo file, byte for byte", async () => {
    await importBundle(handle.db, demoBundle(), actor, "req-demo");
    expect(serializeBundle(await exportBundle(handle.db, "refund-desk"))).toBe(demoBundleText());
  });

  it("is stable: export → import → export gives the same bytes", async () => {
    await importBundle(handle.db, untidy, actor, "req-untidy");
    const first = serializeBundle(await exportBundle(handle.db, "untidy"));
    expect(first).toBe(serializeBundle(untidy));
    const reimported = await importBundle(handle.db, JSON.parse(first), actor, "req-untidy-2");
    expect(reimported.config_version).toBe(2);
    const second = serializeBundle(await exportBundle(handle.db, "untidy"));
    expect(second).toBe(first);

    const exported = JSON.parse(second);
    expect(exported.agent.settings).toEqual({
      scenario_filter: { stickiness_boost: 0.25 },
      fatigue: { decay_rate: 0.1, max_fatigue: 0.9 },
    });
    expect(exported.rules.map((r: { key: string }) => r.key)).toEqual(["a-first", "z-last"]);
    expect(exported.scenarios[0].steps.map((s: { key: string }) => s.key)).toEqual(["start", "confirm", "b-middle"]);
    expect(exported.rules[1].attached_tools).toEqual(["quote", "catalogue"]);
    expect(Object.keys(exported.tools[0].output.data)).toEqual(["alpha", "long-key-name", "zeta"]);
  });

  it("answers NOT_FOUND for an unknown key", async () => {
    const error = await exportBundle(handle.db, "nobody").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("NOT_FOUND");
  });
});
