import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { AppError } from "@/lib/server/errors";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { agentRow } from "@/test/support/config-save-checks";
import { startDemoApp } from "@/test/support/focal-test-app";
import type { ConfigChangeRequest } from "./change-agent-config";
import type { SavePolicy } from "./save-policy";

// The contract between the config write path and the checks handed in with a save: opened before the
// change on the version loaded, checked in order after the new version is kept, what a check returns
// recorded in CONFIG_CHANGED, a check that throws rolling the whole save back, a dry run opening none.

const AGENT = "refund-desk";
const COUNTS = { turns: 3, changed: 1, sessions: 2, outcome_changes: 0, newly_blocked: 0, not_replayable: 0 };
let handle: DatabaseHandle;
let rule: BundleRule;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  const agent = await agentRow(handle, AGENT);
  const first = (await readAgentBundle(handle.db, agent)).rules[0];
  if (!first) throw new Error("the demo has no rule");
  rule = first;
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

async function version(): Promise<number> {
  return (await getAgentByKey(handle.db, AGENT))?.configVersion ?? 0;
}

async function request(policies: SavePolicy[]): Promise<ConfigChangeRequest> {
  return { agentKey: AGENT, expectedVersion: await version(), actor: SYSTEM_ACTOR, requestId: "policy", policies };
}

async function lastEvent() {
  const [event] = await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
  return event;
}

describe("save policies", () => {
  it("open on the loaded version before the change, check in order after the version is kept, and are recorded", async () => {
    const seen: string[] = [];
    const before = await version();
    const policy = (name: string, record: boolean): SavePolicy => ({
      async open(_tx, agent) {
        seen.push(`open ${name} v${agent.configVersion}`);
        return async (_checkTx, kept) => {
          seen.push(`check ${name} v${kept.agent.configVersion}→${kept.snapshot.configVersion}`);
          return record ? { impact_preview: COUNTS } : null;
        };
      },
    });
    const skipped: SavePolicy = { open: async () => null };
    const outcome = await ruleEntity.update(
      handle.db,
      await request([policy("a", false), skipped, policy("b", true)]),
      rule.key,
      { ...rule, name: "Policy rename" },
    );
    expect(outcome.config_version).toBe(before + 1);
    expect(seen).toEqual([
      `open a v${before}`,
      `open b v${before}`,
      `check a v${before}→${before + 1}`,
      `check b v${before}→${before + 1}`,
    ]);
    expect((await lastEvent())?.payload).toMatchObject({ key: rule.key, impact_preview: COUNTS });
    expect((await lastEvent())?.payload).not.toHaveProperty("tests_gate");
  });

  it("a check that throws refuses the save: no version, no event", async () => {
    const before = await version();
    const last = await lastEvent();
    const refuse: SavePolicy = {
      open: async () => async () => {
        throw new AppError("TESTS_GATE", "refused by the policy");
      },
    };
    await expect(
      ruleEntity.update(handle.db, await request([refuse]), rule.key, { ...rule, name: "Refused rename" }),
    ).rejects.toMatchObject({ code: "TESTS_GATE" });
    expect(await version()).toBe(before);
    expect((await lastEvent())?.id).toBe(last?.id);
  });

  it("a dry run opens no policy", async () => {
    let opened = 0;
    const counting: SavePolicy = {
      open: async () => {
        opened++;
        return null;
      },
    };
    const before = await version();
    await ruleEntity.update(handle.db, { ...(await request([counting])), draft: {} }, rule.key, {
      ...rule,
      name: "Dry rename",
    });
    expect(opened).toBe(0);
    expect(await version()).toBe(before);
  });
});
