import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agents, ledgerEvents, rules, scenarios, sessions, steps, tools, transitions } from "@/db/schema";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { countConfigRows, demoBundle, demoBundleText } from "@/test/support/bundle-fixtures";
import { fileDatabase } from "@/test/support/test-database";
import type { BundleDiff } from "../bundle-diff";
import { importBundle } from "./import-bundle";

const actor: Actor = { kind: "system", name: "test", id: null };
const handle = fileDatabase();

async function importEvents(agentId: string) {
  return handle.db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.type, "BUNDLE_IMPORTED"), eq(ledgerEvents.agentId, agentId)))
    .orderBy(asc(ledgerEvents.seq));
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The demo bundle under its own agent key, so each case imports an agent no other case touches. */
function demoUnderKey(key: string) {
  const bundle = demoBundle();
  bundle.agent.key = key;
  return bundle;
}

describe("importBundle", () => {
  it("imports the demo file and resolves every key to an id", async () => {
    const result = await importBundle(handle.db, demoBundle(), actor, "req-demo");
    expect(result).toMatchObject({ key: "refund-desk", config_version: 1, created: true });
    const demoAgentId = result.agent_id;

    const scenarioRows = await handle.db.select().from(scenarios).where(eq(scenarios.agentId, demoAgentId));
    const refund = scenarioRows.find((s) => s.key === "refund");
    const refundSteps = await handle.db
      .select()
      .from(steps)
      .where(eq(steps.scenarioId, refund?.id ?? ""))
      .orderBy(asc(steps.position));
    expect(refundSteps.map((s) => s.key)).toEqual(["ask_order", "look_up_order", "verify", "offer_refund"]);
    expect(refund?.entryStepId).toBe(refundSteps[0]?.id);
    expect(refundSteps.at(-1)?.isTerminal).toBe(true);
    expect(await handle.db.$count(transitions, eq(transitions.scenarioId, refund?.id ?? ""))).toBe(4);

    const [tool] = await handle.db.select().from(tools).where(eq(tools.agentId, demoAgentId));
    const ruleRows = await handle.db.select().from(rules).where(eq(rules.agentId, demoAgentId));
    const byKey = new Map(ruleRows.map((r) => [r.key, r]));
    expect(byKey.get("max-refund")).toMatchObject({
      scope: "SCENARIO",
      scopeId: refund?.id,
      enforcementExpression: "refund_amount <= 50",
      attachedToolIds: [tool?.id],
    });
    expect(byKey.get("confirm-order-owner")?.scopeId).toBe(refundSteps.find((s) => s.key === "verify")?.id);
    expect(byKey.get("no-competitor-mentions")).toMatchObject({
      scope: "GLOBAL",
      scopeId: null,
      isHardConstraint: true,
    });

    const [event] = await importEvents(demoAgentId);
    expect(event?.requestId).toBe("req-demo");
    expect(event?.payload).toMatchObject({
      agent_key: "refund-desk",
      config_version: 1,
      previous_config_version: null,
      created: true,
      // The demo file is canonical, so the hash of its bytes is the bundle's hash.
      bundle_sha256: createHash("sha256").update(demoBundleText()).digest("hex"),
      counts: { profile_fields: 3, variables: 3, tools: 2, scenarios: 2, steps: 6, transitions: 5, rules: 8 },
    });
    expect((event?.payload.diff as BundleDiff | undefined)?.rules.added).toContain("max-refund");
  });

  it("replaces the configuration on re-import: same agent, config_version + 1, sessions kept, diff in the ledger", async () => {
    const demoAgentId = (await importBundle(handle.db, demoUnderKey("reimport-desk"), actor, "req-first")).agent_id;
    const [session] = await handle.db
      .insert(sessions)
      .values({ agentId: demoAgentId, channel: "sandbox" })
      .returning({ id: sessions.id });
    const changed = demoUnderKey("reimport-desk");
    const bundle = changed as unknown as {
      agent: { settings: Record<string, Record<string, unknown>> };
      rules: { key: string; enforcement_expression?: string | null }[];
      scenarios: { key: string; steps: { key: string; instructions?: string }[] }[];
      tests: { key: string }[];
    };
    bundle.agent.settings.enforcement = { max_retries: 2 };
    const maxRefund = bundle.rules.find((r) => r.key === "max-refund");
    if (maxRefund) maxRefund.enforcement_expression = "refund_amount <= 40";
    bundle.rules = bundle.rules.filter((r) => r.key !== "vip-thanks");
    // The demo's tests name vip-thanks; a re-import without the rule drops the case that tests it.
    bundle.tests = bundle.tests.filter((t) => t.key !== "vip-thanked-once");
    const verify = bundle.scenarios.find((s) => s.key === "refund")?.steps.find((s) => s.key === "verify");
    if (verify) verify.instructions = "Check the order was delivered in the last 14 days.";

    const idsBefore = new Map(
      (await handle.db.select().from(rules).where(eq(rules.agentId, demoAgentId))).map((r) => [r.key, r.id]),
    );
    const result = await importBundle(handle.db, changed, actor, "req-reimport");
    expect(result).toEqual({ agent_id: demoAgentId, key: "reimport-desk", config_version: 2, created: false });

    const [agent] = await handle.db.select().from(agents).where(eq(agents.id, demoAgentId));
    expect(agent).toMatchObject({ configVersion: 2, profileSchemaVersion: 1 });
    expect(agent?.settings).toMatchObject({ enforcement: { max_retries: 2 } });
    expect(await handle.db.$count(sessions, eq(sessions.id, session?.id ?? ""))).toBe(1);
    // Keys that survive keep their ids, so sessions, rule fire counts and traces still resolve.
    const ruleRows = await handle.db.select().from(rules).where(eq(rules.agentId, demoAgentId));
    expect(ruleRows).toHaveLength(7);
    for (const rule of ruleRows) expect(rule.id).toBe(idsBefore.get(rule.key));

    const events = await importEvents(demoAgentId);
    expect(events).toHaveLength(2);
    const payload = events[1]?.payload as { diff: BundleDiff } & Record<string, unknown>;
    expect(payload).toMatchObject({ config_version: 2, previous_config_version: 1, created: false });
    expect(payload.diff.agent).toEqual(["settings.enforcement.max_retries"]);
    expect(payload.diff.rules).toEqual({
      added: [],
      removed: ["vip-thanks"],
      changed: { "max-refund": ["enforcement_expression"] },
    });
    expect(payload.diff.scenarios.changed).toEqual({ refund: ["steps.verify.instructions"] });
    expect(payload.diff.tools).toEqual({ added: [], removed: [], changed: {} });
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true });
  });

  it("bumps the profile schema version when profile field definitions change", async () => {
    await importBundle(handle.db, demoUnderKey("profile-desk"), actor, "req-first");
    const changed = demoUnderKey("profile-desk") as unknown as {
      profile_fields: { field_name: string; description: string }[];
    };
    const tier = changed.profile_fields.find((f) => f.field_name === "tier");
    if (tier) tier.description = "VIP = lifetime spend > $2000.";
    const result = await importBundle(handle.db, changed, actor, "req-tier");
    const [agent] = await handle.db.select().from(agents).where(eq(agents.id, result.agent_id));
    expect(agent).toMatchObject({ configVersion: 2, profileSchemaVersion: 2 });
    const events = await importEvents(result.agent_id);
    const diff = events.at(-1)?.payload.diff as BundleDiff | undefined;
    expect(diff?.profile_fields.changed).toEqual({ tier: ["description"] });
  });

  it("rejects an invalid bundle with every problem and writes nothing", async () => {
    const before = await countConfigRows(handle.db);
    const bad = demoBundle() as unknown as {
      agent: { key: string };
      rules: Record<string, unknown>[];
      scenarios: { entry_step: string }[];
    };
    bad.agent.key = "brand-new-agent";
    const polite = bad.rules.findIndex((r) => r.key === "be-polite");
    const maxRefund = bad.rules.findIndex((r) => r.key === "max-refund");
    bad.rules[polite] = { ...bad.rules[polite], scope_ref: "no-such-scenario" };
    bad.rules[maxRefund] = { ...bad.rules[maxRefund], enforcement_expression: "refund_amount <=" };
    const error = await rejection(importBundle(handle.db, bad, actor, "req-bad"));
    expect(error.code).toBe("VALIDATION");
    expect(error.issues?.map((i) => i.path)).toEqual([
      `rules[${polite}].scope_ref`,
      `rules[${maxRefund}].enforcement_expression`,
    ]);
    expect(await countConfigRows(handle.db)).toEqual(before);

    const shapeError = await rejection(importBundle(handle.db, { focal_bundle: 2, agent: {} }, actor, "req-shape"));
    expect(shapeError.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining(["focal_bundle", "agent.key", "agent.name"]),
    );
    expect(await countConfigRows(handle.db)).toEqual(before);
  });

  it("serializes concurrent imports of one new key: one creates, the other replaces", async () => {
    const minimal = { focal_bundle: 1, agent: { key: "race", name: "Race" } };
    const results = await Promise.all([
      importBundle(handle.db, minimal, actor, "req-race-1"),
      importBundle(handle.db, minimal, actor, "req-race-2"),
    ]);
    expect(results.map((r) => r.config_version).sort()).toEqual([1, 2]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.agent_id)).size).toBe(1);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true });
  });
});
