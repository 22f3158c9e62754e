import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startTestApp } from "@/test/support/focal-test-app";
import { previewImpact } from "./preview-impact";

// A turn stored under one version and previewed after a later save: the preview lists what the
// unsaved draft changes against the saved configuration, never what the earlier save already changed.

let handle: DatabaseHandle;
const WINDOW = { sessions: 200, turns: 2000 };
const ctx = { actor: SYSTEM_ACTOR, requestId: "req" };
const maxRefund = demo.rules.find((r) => r.key === "max-refund");
// The demo's order 123 is $75: over the demo's $50 cap the reply is regenerated; under a cap of 80
// or more it is answered.
const FRANCE_75 = "I'm in France and want a refund for order 123";

beforeAll(async () => {
  handle = await startTestApp();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

async function versionOf(key: string) {
  return (await getAgentByKey(handle.db, key))?.configVersion ?? 0;
}

async function capInput(key: string, expression: string) {
  return {
    ...maxRefund,
    enforcement_expression: expression,
    agent_key: key,
    expected_config_version: await versionOf(key),
    rule_key: "max-refund",
  };
}

/** The demo under `key` with the France/$75 turn stored at v1, then the cap raised to 80 and saved. */
async function turnStoredBeforeASave(key: string) {
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key } }, SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  const { turn } = await hostTurn(handle.db, {
    sessionId: session.id,
    message: FRANCE_75,
    actor: SYSTEM_ACTOR,
    requestId: "r",
  });
  expect(turn.outcome).toBe("regenerated");
  const input = await capInput(key, "refund_amount <= 80");
  await ruleEntity.update(
    handle.db,
    {
      agentKey: key,
      expectedVersion: input.expected_config_version,
      actor: SYSTEM_ACTOR,
      requestId: "r",
      policies: SAVE_POLICIES,
      role: "admin",
      // The demo's own tests expect the $50 cap: an admin saves past them.
      forceTests: { reason: "a later version for the preview test" },
    },
    "max-refund",
    input as never,
  );
}

/** `turnStoredBeforeASave`, then the impact preview of a draft that sets the cap to `expression`. */
async function capPreviewAfterASave(key: string, expression: string) {
  await turnStoredBeforeASave(key);
  const edit = { kind: "updateRule" as const, input: await capInput(key, expression), window: WINDOW };
  return previewImpact(handle.db, edit, ctx);
}

describe("an impact preview after an earlier save", () => {
  it("lists nothing when the draft changes nothing those turns decide, though the earlier save did", async () => {
    const preview = await capPreviewAfterASave("after-save-none", "refund_amount <= 90");
    expect(preview.report.counts).toMatchObject({ turns: 1, changed: 0, same: 1, outcome_changes: 0 });
    expect(preview.report.turns).toEqual([]);
  });

  it("lists the draft's own change against the saved configuration", async () => {
    const preview = await capPreviewAfterASave("after-save-own", "refund_amount <= 50");
    expect(preview.report.counts).toMatchObject({ turns: 1, changed: 1, outcome_changes: 1 });
    // Saved (cap 80) answers; the draft (cap 50) regenerates: the stored turn was regenerated too,
    // but the draft's change is measured from what customers get now.
    expect(preview.report.turns[0]?.diff?.outcome).toEqual({ before: "answered", after: "regenerated" });
  });
});
