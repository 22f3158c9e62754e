import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agents } from "@/db/schema";
import { createScenarioAction } from "@/lib/actions/scenarios/create-scenario";
import { deleteScenarioAction } from "@/lib/actions/scenarios/delete-scenario";
import { duplicateScenarioAction } from "@/lib/actions/scenarios/duplicate-scenario";
import { setScenarioEnabledAction } from "@/lib/actions/scenarios/set-scenario-enabled";
import { updateScenarioAction } from "@/lib/actions/scenarios/update-scenario";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { demoAppForActions } from "@/test/support/action-test-app";
import * as checks from "@/test/support/config-save-checks";

const AGENT = "refund-desk";
const REFUND = BundleScenario.parse(demo.scenarios.find((s) => s.key === "refund"));
const PRICING = BundleScenario.parse(demo.scenarios.find((s) => s.key === "pricing"));

const app = demoAppForActions(["designer", "viewer"]);

const version = async () => (await checks.agentRow(app.handle)).configVersion;

/** An edit of a demo scenario as the editor sends it, at the current version unless told otherwise. */
async function edit(scenario: BundleScenario, fields: Partial<BundleScenario>, expected?: number, renamed = {}) {
  return updateScenarioAction({
    ...scenario,
    ...fields,
    scenario_key: scenario.key,
    renamed_steps: renamed,
    agent_key: AGENT,
    expected_config_version: expected ?? (await version()),
  });
}

/** The call is refused and not one row of any table changed. */
const expectNothingWritten = (call: () => Promise<unknown>) => checks.expectNothingWritten(app.handle, call);

describe("references from rules", () => {
  it("deleting a scenario that rules are scoped to is refused, naming the rules", async () => {
    const result = await expectNothingWritten(async () =>
      deleteScenarioAction({ scenario_key: "refund", agent_key: AGENT, expected_config_version: await version() }),
    );
    expect(result.code).toBe("IN_USE");
    expect(result.message).toContain("Scenario refund is the scope of 2 rules be-polite, max-refund");
    expect(result.message).toContain("Step refund/verify is the scope of 1 rule confirm-order-owner");
    expect(result.message).toContain("Step refund/look_up_order is the scope of 1 rule look-up-order");
  });

  it("removing a step a STEP rule is scoped to is refused, naming the rule; renaming it is not", async () => {
    const withoutVerify: Partial<BundleScenario> = {
      steps: REFUND.steps.filter((s) => s.key !== "verify"),
      transitions: [
        ...REFUND.transitions.filter((t) => t.from !== "verify" && t.to !== "verify"),
        { from: "look_up_order", to: "offer_refund", condition_text: "Found", examples: [] },
      ],
    };
    const result = await expectNothingWritten(() => edit(REFUND, withoutVerify));
    expect(result.code).toBe("VALIDATION");
    expect(result.message).toContain("Step refund/verify is the scope of 1 rule confirm-order-owner");
    expect(result.fieldErrors?.steps).toHaveLength(1);

    // A key change without saying it is a rename is a removal too, and refused the same way.
    const renamedSilently = {
      steps: REFUND.steps.map((s) => (s.key === "verify" ? { ...s, key: "eligibility" } : s)),
      transitions: REFUND.transitions.map((t) => ({
        ...t,
        from: t.from === "verify" ? "eligibility" : t.from,
        to: t.to === "verify" ? "eligibility" : t.to,
      })),
    };
    expect(await expectNothingWritten(() => edit(REFUND, renamedSilently))).toMatchObject({ code: "VALIDATION" });
    expect(await edit(REFUND, renamedSilently, undefined, { verify: "eligibility" })).toMatchObject({ ok: true });
    // And back, so the later tests see the demo's Refund.
    const [agent] = await app.handle.db.select().from(agents).where(eq(agents.key, AGENT));
    if (!agent) throw new Error("agent missing");
    const refund = (await readAgentBundle(app.handle.db, agent)).scenarios.find((s) => s.key === "refund");
    if (!refund) throw new Error("refund missing");
    expect(await edit(refund, { ...REFUND }, undefined, { eligibility: "verify" })).toMatchObject({ ok: true });
  });

  it("a rename map naming steps that are not there is refused", async () => {
    const result = await expectNothingWritten(() => edit(PRICING, {}, undefined, { ghost: "identify_product" }));
    expect(result).toMatchObject({ code: "VALIDATION" });
    expect(result.fieldErrors?.renamed_steps).toEqual(['No stored step "ghost" to rename; reload the scenario.']);
  });
});

describe("graph and key checks, per field", () => {
  it("an entry step that is not a step, a transition to nowhere and one out of a terminal step", async () => {
    const result = await expectNothingWritten(() =>
      edit(PRICING, {
        entry_step: "start",
        transitions: [
          ...PRICING.transitions,
          { from: "identify_product", to: "nowhere", condition_text: "", examples: [] },
          { from: "quote_price", to: "identify_product", condition_text: "", examples: [] },
        ],
      }),
    );
    expect(result.code).toBe("VALIDATION");
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual([
      "entry_step",
      "transitions[1].to",
      "transitions[2].from",
    ]);
    expect(result.fieldErrors?.["transitions[2].from"]?.[0]).toContain('Step "quote_price" is terminal');
  });

  it("two steps with one key, and a scenario key another scenario has", async () => {
    const [identify] = PRICING.steps;
    if (!identify) throw new Error("pricing lost its steps");
    const twice = await expectNothingWritten(() => edit(PRICING, { steps: [...PRICING.steps, identify] }));
    expect(Object.keys(twice.fieldErrors ?? {})).toEqual(["steps[2].key"]);
    const taken = await expectNothingWritten(() => edit(PRICING, { key: "refund" }));
    expect(taken.fieldErrors?.key).toEqual(['Another scenario already has the key "refund"; choose another.']);
    const created = await expectNothingWritten(async () =>
      createScenarioAction({ ...PRICING, agent_key: AGENT, expected_config_version: await version() }),
    );
    expect(created.fieldErrors?.key).toEqual(['Another scenario already has the key "pricing"; choose another.']);
  });

  it("zod limits of the bundle apply to the form: no steps, a blank name, a bad key", async () => {
    const result = await expectNothingWritten(() => edit(PRICING, { steps: [], name: "  ", key: "Pricing!" }));
    expect(result.code).toBe("VALIDATION");
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["key", "name", "steps"]);
  });

  it("a scenario that does not exist (deleted or renamed elsewhere) is NOT_FOUND", async () => {
    const result = await expectNothingWritten(async () =>
      duplicateScenarioAction({ scenario_key: "ghost", agent_key: AGENT, expected_config_version: await version() }),
    );
    expect(result.code).toBe("NOT_FOUND");
  });
});

describe("optimistic concurrency", () => {
  it("a save over a newer version is a CONFLICT that says what changed, and writes nothing", async () => {
    const loaded = await version();
    const other = await setScenarioEnabledAction({
      scenario_key: "pricing",
      enabled: false,
      agent_key: AGENT,
      expected_config_version: loaded,
    });
    expect(other).toMatchObject({ ok: true });
    const ref = { scenario_key: "pricing", agent_key: AGENT, expected_config_version: loaded };
    for (const stale of [
      () => edit(PRICING, { name: "Prices" }, loaded),
      () => duplicateScenarioAction(ref),
      () => deleteScenarioAction(ref),
      () => setScenarioEnabledAction({ ...ref, enabled: true }),
    ]) {
      const result = await expectNothingWritten(stale);
      expect(result.code).toBe("CONFLICT");
      expect(result.message).toContain(`is at v${loaded + 1}, but you loaded v${loaded}`);
      expect(result.message).toContain(`v${loaded + 1}: designer@focal.test disabled scenario pricing`);
    }
    expect(
      await setScenarioEnabledAction({ ...ref, enabled: true, expected_config_version: loaded + 1 }),
    ).toMatchObject({ ok: true });
  });

  it("two edits made on the same version: one wins, the other is a CONFLICT", async () => {
    const loaded = await version();
    const results = await Promise.all([
      edit(PRICING, { description: "one" }, loaded),
      edit(PRICING, { description: "two" }, loaded),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject([{ code: "CONFLICT" }]);
    expect(await version()).toBe(loaded + 1);
  });
});

describe("roles", () => {
  it("a viewer may not change scenarios, and nothing is written", async () => {
    app.actAs("viewer");
    const expected_config_version = await version();
    const ref = { agent_key: AGENT, scenario_key: "pricing", expected_config_version };
    for (const call of [
      () => edit(PRICING, { name: "Prices" }),
      () => createScenarioAction({ ...PRICING, key: "pricing-2", agent_key: AGENT, expected_config_version }),
      () => setScenarioEnabledAction({ ...ref, enabled: false }),
      () => duplicateScenarioAction(ref),
      () => deleteScenarioAction(ref),
    ]) {
      expect(await expectNothingWritten(call)).toMatchObject({ code: "FORBIDDEN" });
    }
  });
});
