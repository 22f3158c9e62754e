import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agents, rules, scenarios, steps, transitions } from "@/db/schema";
import { createScenarioAction } from "@/lib/actions/scenarios/create-scenario";
import { deleteScenarioAction } from "@/lib/actions/scenarios/delete-scenario";
import { duplicateScenarioAction } from "@/lib/actions/scenarios/duplicate-scenario";
import { setScenarioEnabledAction } from "@/lib/actions/scenarios/set-scenario-enabled";
import { updateScenarioAction } from "@/lib/actions/scenarios/update-scenario";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { demoAppForActions } from "@/test/support/action-test-app";
import * as checks from "@/test/support/config-save-checks";
import { tableCounts } from "@/test/support/focal-test-app";

const AGENT = "refund-desk";
const demoScenario = (key: string) => BundleScenario.parse(demo.scenarios.find((s) => s.key === key));

const app = demoAppForActions(["designer"]);

async function agent() {
  const [row] = await app.handle.db.select().from(agents).where(eq(agents.key, AGENT));
  if (!row) throw new Error("agent missing");
  return row;
}
const version = async () => (await agent()).configVersion;
const at = async () => ({ agent_key: AGENT, expected_config_version: await version() });

/** The scenario as stored now, in bundle form. */
async function stored(key: string) {
  return (await readAgentBundle(app.handle.db, await agent())).scenarios.find((s) => s.key === key);
}

/** Step key → id of a stored scenario's steps. */
async function stepIds(scenarioKey: string): Promise<Record<string, string>> {
  const rows = await app.handle.db
    .select({ id: steps.id, key: steps.key })
    .from(steps)
    .innerJoin(scenarios, eq(steps.scenarioId, scenarios.id))
    .where(and(eq(scenarios.agentId, (await agent()).id), eq(scenarios.key, scenarioKey)))
    .orderBy(asc(steps.position));
  return Object.fromEntries(rows.map((r) => [r.key, r.id]));
}

async function scenarioId(key: string) {
  const [row] = await app.handle.db
    .select({ id: scenarios.id })
    .from(scenarios)
    .where(and(eq(scenarios.agentId, (await agent()).id), eq(scenarios.key, key)));
  return row?.id;
}

/** Runs a save and checks what every save must do: +1 version, one CONFIG_CHANGED event for the scenario. */
const expectOneVersion = async <T extends { ok: boolean }>(save: () => Promise<T>) =>
  (await checks.expectOneVersion(app.handle, "scenario", save)).payload;

/** Creates a scenario a case then edits, copies or deletes, so it reads nothing another case made. */
async function createOwn(scenario: BundleScenario) {
  expect(await createScenarioAction({ ...scenario, ...(await at()) })).toMatchObject({ ok: true });
}

const RETURNS: BundleScenario = {
  key: "returns",
  name: "Return an item",
  description: "Collect the item and a reason, then send a label.",
  intent_label: "return_request",
  entry_examples: ["I want to send this back"],
  entry_step: "which_item",
  enabled: true,
  steps: [
    {
      key: "which_item",
      name: "Which item",
      instructions: "Ask which item.",
      clarification_hint: "",
      is_terminal: false,
    },
    { key: "send_label", name: "Send the label", instructions: "Send it.", clarification_hint: "", is_terminal: true },
  ],
  transitions: [
    { from: "which_item", to: "send_label", condition_text: "The item is named", examples: ["the kettle"] },
  ],
};

describe("scenario saves: one version and one ledger event each", () => {
  it("create writes the scenario, its steps and transitions, every field in the diff", async () => {
    const payload = await expectOneVersion(async () => createScenarioAction({ ...RETURNS, ...(await at()) }));
    expect(payload).toMatchObject({ action: "created", key: "returns" });
    expect(payload.diff.steps).toEqual({ before: null, after: RETURNS.steps });
    expect(payload.diff.entry_step).toEqual({ before: null, after: "which_item" });
    expect(await stored("returns")).toEqual(RETURNS);
    const [row] = await app.handle.db
      .select()
      .from(scenarios)
      .where(eq(scenarios.id, (await scenarioId("returns")) ?? ""));
    expect(row?.entryStepId).toBe((await stepIds("returns")).which_item);
  });

  it("an edit of one instruction, a new step and a new transition: the diff names each, kept steps keep their ids", async () => {
    const pricing = demoScenario("pricing");
    const idsBefore = await stepIds("pricing");
    const stock = {
      key: "check_stock",
      name: "Check stock",
      instructions: "Say whether it ships this week.",
      clarification_hint: "",
      is_terminal: false,
    };
    const edge = { from: "identify_product", to: "check_stock", condition_text: "Asks about stock", examples: [] };
    const [identify, quote] = pricing.steps;
    if (!identify || !quote) throw new Error("demo pricing lost its steps");
    const edited: BundleScenario = {
      ...pricing,
      steps: [{ ...identify, instructions: "Ask which product, by name or link." }, quote, stock],
      transitions: [...pricing.transitions, edge, { ...edge, from: "check_stock", to: "quote_price" }],
    };
    const payload = await expectOneVersion(async () =>
      updateScenarioAction({ ...edited, scenario_key: "pricing", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "pricing" });
    expect(payload.previous_key).toBeUndefined();
    // jsonb keeps an object's keys in its own order: compare the field names as a set.
    expect(Object.keys(payload.diff).sort()).toEqual([
      "steps.check_stock",
      "steps.identify_product.instructions",
      "transitions.check_stock→quote_price",
      "transitions.identify_product→check_stock",
    ]);
    expect(payload.diff["steps.identify_product.instructions"]?.after).toBe("Ask which product, by name or link.");
    expect(await stored("pricing")).toEqual(edited);
    const idsAfter = await stepIds("pricing");
    expect(idsAfter.identify_product).toBe(idsBefore.identify_product);
    expect(idsAfter.quote_price).toBe(idsBefore.quote_price);
    expect(idsAfter.check_stock).toBeDefined();
  });

  it("renaming a scenario and a step keeps their ids; the rules scoped to them follow", async () => {
    const refund = demoScenario("refund");
    const scenarioBefore = await scenarioId("refund");
    const idsBefore = await stepIds("refund");
    const renamed: BundleScenario = {
      ...refund,
      key: "refunds",
      entry_step: "ask_order",
      steps: refund.steps.map((s) => (s.key === "verify" ? { ...s, key: "check_eligibility" } : s)),
      transitions: refund.transitions.map((t) => ({
        ...t,
        from: t.from === "verify" ? "check_eligibility" : t.from,
        to: t.to === "verify" ? "check_eligibility" : t.to,
      })),
    };
    const payload = await expectOneVersion(async () =>
      updateScenarioAction({
        ...renamed,
        scenario_key: "refund",
        renamed_steps: { verify: "check_eligibility" },
        ...(await at()),
      }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "refunds", previous_key: "refund" });
    expect(payload.diff).toEqual({
      key: { before: "refund", after: "refunds" },
      "steps.check_eligibility.key": { before: "verify", after: "check_eligibility" },
    });
    expect(await scenarioId("refunds")).toBe(scenarioBefore);
    const idsAfter = await stepIds("refunds");
    expect(idsAfter.check_eligibility).toBe(idsBefore.verify);
    expect(idsAfter.ask_order).toBe(idsBefore.ask_order);
    // Rules point at ids: max-refund (SCENARIO) and confirm-order-owner (STEP) now read with the new keys.
    const bundle = await readAgentBundle(app.handle.db, await agent());
    const scopeOf = (key: string) => bundle.rules.find((r) => r.key === key)?.scope_ref;
    expect(scopeOf("max-refund")).toBe("refunds");
    expect(scopeOf("confirm-order-owner")).toBe("refunds/check_eligibility");
    expect(scopeOf("look-up-order")).toBe("refunds/look_up_order");
    // And back, so the other cases find the demo's Refund under its own keys.
    await expectOneVersion(async () =>
      updateScenarioAction({
        ...refund,
        scenario_key: "refunds",
        renamed_steps: { check_eligibility: "verify" },
        ...(await at()),
      }),
    );
    expect(await stepIds("refund")).toEqual(idsBefore);
  });

  it("swapping two step keys swaps nothing else: each step keeps its id and its rules", async () => {
    const refund = await stored("refund");
    if (!refund) throw new Error("refund missing");
    const idsBefore = await stepIds("refund");
    const swap = (key: string) => (key === "ask_order" ? "look_up_order" : key === "look_up_order" ? "ask_order" : key);
    const swapped: BundleScenario = {
      ...refund,
      entry_step: swap(refund.entry_step),
      steps: refund.steps.map((s) => ({ ...s, key: swap(s.key) })),
      transitions: refund.transitions.map((t) => ({ ...t, from: swap(t.from), to: swap(t.to) })),
    };
    /** Saves `scenario` over refund, renaming ask_order and look_up_order into each other. */
    const saveSwapping = async (scenario: BundleScenario) =>
      expectOneVersion(async () =>
        updateScenarioAction({
          ...scenario,
          scenario_key: "refund",
          renamed_steps: { ask_order: "look_up_order", look_up_order: "ask_order" },
          ...(await at()),
        }),
      );
    await saveSwapping(swapped);
    const idsAfter = await stepIds("refund");
    expect(idsAfter.look_up_order).toBe(idsBefore.ask_order);
    expect(idsAfter.ask_order).toBe(idsBefore.look_up_order);
    const bundle = await readAgentBundle(app.handle.db, await agent());
    expect(bundle.rules.find((r) => r.key === "look-up-order")?.scope_ref).toBe("refund/ask_order");
    // Swap back so the scenario reads as the demo's again (names and instructions never moved).
    await saveSwapping(refund);
    expect(await stepIds("refund")).toEqual(idsBefore);
  });

  it("reordering steps and removing an unreferenced one writes only those rows; transitions are replaced", async () => {
    const pricing = demoScenario("pricing");
    const [identify, quote] = pricing.steps;
    if (!identify || !quote) throw new Error("demo pricing lost its steps");
    const stock = { ...identify, key: "check_stock", name: "Check stock", instructions: "Say whether it ships." };
    const edge = { from: "identify_product", to: "check_stock", condition_text: "Asks about stock", examples: [] };
    const quotes: BundleScenario = {
      ...pricing,
      key: "quotes",
      steps: [identify, quote, stock],
      transitions: [...pricing.transitions, edge, { ...edge, from: "check_stock", to: "quote_price" }],
    };
    await createOwn(quotes);
    const idsBefore = await stepIds("quotes");
    const edited: BundleScenario = { ...quotes, steps: [quote, identify], transitions: pricing.transitions };
    const payload = await expectOneVersion(async () =>
      updateScenarioAction({ ...edited, scenario_key: "quotes", ...(await at()) }),
    );
    expect(Object.keys(payload.diff).sort()).toEqual([
      "step_order",
      "steps.check_stock",
      "transitions.check_stock→quote_price",
      "transitions.identify_product→check_stock",
    ]);
    expect(payload.diff["steps.check_stock"]?.after).toBeNull();
    expect(await stepIds("quotes")).toEqual({
      quote_price: idsBefore.quote_price,
      identify_product: idsBefore.identify_product,
    });
    const edges = await app.handle.db
      .select()
      .from(transitions)
      .where(eq(transitions.scenarioId, (await scenarioId("quotes")) ?? ""));
    expect(edges).toHaveLength(1);
  });

  it("duplicate copies every step and transition under fresh ids, disabled", async () => {
    await createOwn({ ...RETURNS, key: "exchanges" });
    const payload = await expectOneVersion(async () =>
      duplicateScenarioAction({ scenario_key: "exchanges", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "duplicated", key: "exchanges-copy", source_key: "exchanges" });
    expect(payload.diff.enabled).toEqual({ before: null, after: false });
    expect(await stored("exchanges-copy")).toEqual({
      ...RETURNS,
      key: "exchanges-copy",
      name: "Return an item (copy)",
      enabled: false,
    });
    const source = Object.values(await stepIds("exchanges"));
    const copy = Object.values(await stepIds("exchanges-copy"));
    expect(copy).toHaveLength(2);
    expect(copy.filter((id) => source.includes(id))).toEqual([]);
  });

  it("the enabled switch records enabled/disabled with its one-field diff", async () => {
    await createOwn({ ...RETURNS, key: "returns-off", enabled: false });
    const on = await expectOneVersion(async () =>
      setScenarioEnabledAction({ scenario_key: "returns-off", enabled: true, ...(await at()) }),
    );
    expect(on).toMatchObject({ action: "enabled", diff: { enabled: { before: false, after: true } } });
  });

  it("delete removes the scenario, its steps and transitions, and keeps every last value in the diff", async () => {
    await createOwn({ ...RETURNS, key: "returns-gone" });
    const id = await scenarioId("returns-gone");
    const payload = await expectOneVersion(async () =>
      deleteScenarioAction({ scenario_key: "returns-gone", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "deleted", key: "returns-gone" });
    expect(payload.diff.steps?.before).toEqual(RETURNS.steps);
    expect(payload.diff.steps?.after).toBeNull();
    expect(await stored("returns-gone")).toBeUndefined();
    expect(await app.handle.db.$count(steps, eq(steps.scenarioId, id ?? ""))).toBe(0);
    expect(await app.handle.db.$count(transitions, eq(transitions.scenarioId, id ?? ""))).toBe(0);
  });

  it("a save that changes nothing writes nothing and keeps the version", async () => {
    const current = await version();
    const before = await tableCounts(app.handle);
    const refund = await stored("refund");
    if (!refund) throw new Error("refund missing");
    for (const save of [
      () =>
        updateScenarioAction({
          ...refund,
          scenario_key: "refund",
          agent_key: AGENT,
          expected_config_version: current,
        }),
      () =>
        updateScenarioAction({
          ...refund,
          scenario_key: "refund",
          renamed_steps: { verify: "verify" },
          agent_key: AGENT,
          expected_config_version: current,
        }),
      () =>
        setScenarioEnabledAction({
          scenario_key: "refund",
          enabled: true,
          agent_key: AGENT,
          expected_config_version: current,
        }),
    ]) {
      expect(await save()).toMatchObject({ ok: true, data: { config_version: current, changed: false } });
    }
    expect(await tableCounts(app.handle)).toEqual(before);
    expect(await version()).toBe(current);
  });

  it("every STEP and SCENARIO rule still resolves, and the ledger chain is intact", async () => {
    const bundle = await readAgentBundle(app.handle.db, await agent());
    const scoped = await app.handle.db
      .select()
      .from(rules)
      .where(eq(rules.agentId, (await agent()).id));
    expect(scoped.filter((r) => r.scope !== "GLOBAL")).toHaveLength(
      bundle.rules.filter((r) => r.scope_ref !== null).length,
    );
    expect(await verifyLedgerChain(app.handle.db)).toMatchObject({ is_intact: true });
  });
});
