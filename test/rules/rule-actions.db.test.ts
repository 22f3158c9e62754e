import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listConfigEvents } from "@/db/queries/config-history";
import { agents, rules } from "@/db/schema";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { deleteRuleAction } from "@/lib/actions/rules/delete-rule";
import { duplicateRuleAction } from "@/lib/actions/rules/duplicate-rule";
import { setRuleEnabledAction } from "@/lib/actions/rules/set-rule-enabled";
import { updateRuleAction } from "@/lib/actions/rules/update-rule";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { demoAppForActions } from "@/test/support/action-test-app";
import * as checks from "@/test/support/config-save-checks";
import { tableCounts } from "../support/focal-test-app";

const AGENT = "refund-desk";
const MAX_REFUND = demo.rules.find((r) => r.key === "max-refund");
if (!MAX_REFUND) throw new Error("demo bundle lost max-refund");

const app = demoAppForActions(["designer"]);

const version = async () => (await checks.agentRow(app.handle)).configVersion;

async function storedRule(key: string) {
  const [agent] = await app.handle.db.select().from(agents).where(eq(agents.key, AGENT));
  const [row] = await app.handle.db
    .select()
    .from(rules)
    .where(and(eq(rules.agentId, agent?.id ?? ""), eq(rules.key, key)));
  return row;
}

const NEW_RULE = {
  key: "no-shipping-promises",
  name: "No shipping promises",
  condition_text: "The customer asks when an order arrives",
  action_text: "Say what the tracking page says; never promise a delivery date.",
  scope: "STEP" as const,
  scope_ref: "refund/look_up_order",
  priority: 15,
  is_hard_constraint: true,
  enforcement_expression: "refund_amount < 1000.0",
  enforcement_lane: "deterministic" as const,
  attached_tools: ["lookup_order"],
  max_fires_per_session: 3,
  cooldown_turns: 1,
  enabled: true,
};

/** Runs a save and checks the one thing every save must do: +1 version, one CONFIG_CHANGED event. */
const expectOneVersion = async <T extends { ok: boolean }>(save: () => Promise<T>) =>
  (await checks.expectOneVersion(app.handle, "rule", save)).payload;

describe("rule saves: one version and one ledger event each", () => {
  it("create writes the rule with every field in the diff", async () => {
    const payload = await expectOneVersion(async () =>
      createRuleAction({ ...NEW_RULE, agent_key: AGENT, expected_config_version: await version() }),
    );
    expect(payload).toMatchObject({ action: "created", key: NEW_RULE.key });
    expect(payload.diff.enforcement_expression).toEqual({ before: null, after: "refund_amount < 1000.0" });
    expect(payload.diff.attached_tools).toEqual({ before: null, after: ["lookup_order"] });
    expect(await storedRule(NEW_RULE.key)).toMatchObject({ scope: "STEP", priority: 15, cooldownTurns: 1 });
  });

  it("update records only the fields that changed, before and after", async () => {
    const payload = await expectOneVersion(async () =>
      updateRuleAction({
        ...MAX_REFUND,
        scope: "SCENARIO",
        enforcement_lane: "deterministic",
        on_violation: "handoff",
        enforcement_expression: "refund_amount <= 40",
        priority: 55,
        rule_key: "max-refund",
        agent_key: AGENT,
        expected_config_version: await version(),
      }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "max-refund" });
    expect(payload.diff).toEqual({
      priority: { before: 50, after: 55 },
      enforcement_expression: { before: "refund_amount <= 50", after: "refund_amount <= 40" },
    });
    expect(await storedRule("max-refund")).toMatchObject({ enforcementExpression: "refund_amount <= 40" });
  });

  it("a rename keeps the rule's id", async () => {
    const renamed = { ...NEW_RULE, key: "rename-me" };
    await expectOneVersion(async () =>
      createRuleAction({ ...renamed, agent_key: AGENT, expected_config_version: await version() }),
    );
    const before = await storedRule(renamed.key);
    const payload = await expectOneVersion(async () =>
      updateRuleAction({
        ...renamed,
        key: "no-delivery-promises",
        rule_key: renamed.key,
        agent_key: AGENT,
        expected_config_version: await version(),
      }),
    );
    expect(payload.diff).toEqual({ key: { before: renamed.key, after: "no-delivery-promises" } });
    expect((await storedRule("no-delivery-promises"))?.id).toBe(before?.id);
  });

  it("duplicate makes a disabled copy under a fresh key", async () => {
    const source = await storedRule("max-refund");
    const payload = await expectOneVersion(async () =>
      duplicateRuleAction({ agent_key: AGENT, rule_key: "max-refund", expected_config_version: await version() }),
    );
    expect(payload).toMatchObject({ action: "duplicated", key: "max-refund-copy", source_key: "max-refund" });
    expect(payload.diff.enabled).toEqual({ before: null, after: false });
    expect(await storedRule("max-refund-copy")).toMatchObject({ enabled: false, priority: source?.priority });
  });

  it("the enabled switch records enabled/disabled with its one-field diff", async () => {
    const off = await expectOneVersion(async () =>
      setRuleEnabledAction({
        agent_key: AGENT,
        rule_key: "vip-thanks",
        enabled: false,
        expected_config_version: await version(),
      }),
    );
    expect(off).toMatchObject({ action: "disabled", diff: { enabled: { before: true, after: false } } });
    const on = await expectOneVersion(async () =>
      setRuleEnabledAction({
        agent_key: AGENT,
        rule_key: "vip-thanks",
        enabled: true,
        expected_config_version: await version(),
      }),
    );
    expect(on).toMatchObject({ action: "enabled", diff: { enabled: { before: false, after: true } } });
  });

  it("delete removes the row and keeps every last value in the diff", async () => {
    const doomed = { ...NEW_RULE, key: "delete-me", name: "Delete me" };
    await expectOneVersion(async () =>
      createRuleAction({ ...doomed, agent_key: AGENT, expected_config_version: await version() }),
    );
    const payload = await expectOneVersion(async () =>
      deleteRuleAction({ agent_key: AGENT, rule_key: doomed.key, expected_config_version: await version() }),
    );
    expect(payload).toMatchObject({ action: "deleted", key: doomed.key });
    expect(payload.diff.name).toEqual({ before: doomed.name, after: null });
    expect(payload.diff.enforcement_expression).toEqual({ before: doomed.enforcement_expression, after: null });
    expect(await storedRule(doomed.key)).toBeUndefined();
  });

  it("a save that changes nothing writes nothing and keeps the version", async () => {
    const current = await version();
    const before = await tableCounts(app.handle);
    const result = await setRuleEnabledAction({
      agent_key: AGENT,
      rule_key: "vip-thanks",
      enabled: true,
      expected_config_version: current,
    });
    expect(result).toMatchObject({ ok: true, data: { config_version: current, changed: false } });
    expect(await tableCounts(app.handle)).toEqual(before);
  });

  it("the history lists these versions newest first and the chain stays intact", async () => {
    const { events } = await listConfigEvents(app.handle.db, (await storedRule("max-refund"))?.agentId ?? "");
    const versions = events.map((e) => (e.payload as { config_version_after?: number }).config_version_after ?? 1);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    expect(events.at(-1)?.type).toBe("BUNDLE_IMPORTED");
    expect(await verifyLedgerChain(app.handle.db)).toMatchObject({ is_intact: true });
  });
});

describe("the engine", () => {
  it("runs the next turn on the new version: with max-refund off, the $75 draft is not caught", async () => {
    const [agent] = await app.handle.db.select().from(agents).where(eq(agents.key, AGENT));
    if (!agent) throw new Error("agent missing");
    const say = async () => {
      const session = await createSession(app.handle.db, { agent, channel: "api", createdBy: "test" });
      const message = "I'm in France and want a refund for order 123";
      return (await hostTurn(app.handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "req" }))
        .turn;
    };
    const caught = (turn: Awaited<ReturnType<typeof say>>) =>
      turn.provenance.enforcement.violations_caught.map((v) => v.rule_key);
    const ruleRef = async () => ({
      agent_key: AGENT,
      rule_key: "max-refund",
      expected_config_version: await version(),
    });

    expect(caught(await say())).toContain("max-refund");
    expect(await setRuleEnabledAction({ ...(await ruleRef()), enabled: false })).toMatchObject({ ok: true });
    const turn = await say();
    expect(turn.configVersion).toBe(await version());
    expect(caught(turn)).not.toContain("max-refund");
    expect(await setRuleEnabledAction({ ...(await ruleRef()), enabled: true })).toMatchObject({ ok: true });
  });
});
