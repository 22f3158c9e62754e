import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import { agentRow } from "@/test/support/config-save-checks";
import { startDemoApp, tableCounts } from "@/test/support/focal-test-app";
import type { ConfigChangeRequest } from "../change-agent-config";

// The generic core behind every editor save, run through each entity's descriptor: every operation
// the descriptor offers must refuse a stale config_version (CONFLICT, nothing written) and, at the
// current version, make one version and one CONFIG_CHANGED event naming the entity, action and key.

const AGENT = "refund-desk";
let handle: DatabaseHandle;
let demo: Bundle;

beforeAll(async () => {
  // Gate off: these saves copy demo entities, which may turn the demo's conversation tests red.
  ({ handle } = await startDemoApp([]));
  const agent = await agentRow(handle, AGENT);
  demo = await readAgentBundle(handle.db, agent);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

function firstOf<T>(list: readonly T[]): T {
  const item = list[0];
  if (item === undefined) throw new Error("the demo has none");
  return item;
}

async function request(stale = false): Promise<ConfigChangeRequest & { expectedVersion: number }> {
  const version = (await getAgentByKey(handle.db, AGENT))?.configVersion ?? 0;
  return {
    agentKey: AGENT,
    expectedVersion: stale ? version - 1 : version,
    actor: SYSTEM_ACTOR,
    requestId: "core",
    policies: SAVE_POLICIES,
  };
}

async function lastEvent() {
  const [event] = await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
  return event;
}

/** A stale save is refused with CONFLICT and writes nothing; the fresh one makes one version and one event. */
async function expectOneChange(
  save: (request: ConfigChangeRequest) => Promise<{ config_version: number; changed: boolean }>,
  expected: { entity: string; action: string; key: string },
) {
  const counts = await tableCounts(handle);
  const before = await lastEvent();
  await expect(save(await request(true))).rejects.toMatchObject({ code: "CONFLICT" });
  expect(await tableCounts(handle)).toEqual(counts);
  expect((await lastEvent())?.seq).toBe(before?.seq);

  const at = await request();
  const outcome = await save(at);
  expect(outcome).toMatchObject({ config_version: at.expectedVersion + 1, changed: true });
  const event = await lastEvent();
  expect(event?.seq).toBe((before?.seq ?? 0) + 1);
  expect(event?.type).toBe("CONFIG_CHANGED");
  expect(event?.payload).toMatchObject({
    agent_key: AGENT,
    ...expected,
    config_version_before: at.expectedVersion,
    config_version_after: at.expectedVersion + 1,
  });
}

describe("rule descriptor", () => {
  it("create, duplicate, set-enabled, update and delete each lock the version and append one event", async () => {
    const rule = { ...firstOf(demo.rules), key: "core-rule" };
    const c = { entity: "rule" };
    await expectOneChange((r) => ruleEntity.create(handle.db, r, rule), { ...c, action: "created", key: "core-rule" });
    await expectOneChange((r) => ruleEntity.duplicate(handle.db, r, "core-rule"), {
      ...c,
      action: "duplicated",
      key: "core-rule-copy",
    });
    await expectOneChange((r) => ruleEntity.setEnabled(handle.db, r, "core-rule", !rule.enabled), {
      ...c,
      action: rule.enabled ? "disabled" : "enabled",
      key: "core-rule",
    });
    await expectOneChange((r) => ruleEntity.update(handle.db, r, "core-rule", { ...rule, name: "Renamed" }), {
      ...c,
      action: "updated",
      key: "core-rule",
    });
    await expectOneChange((r) => ruleEntity.delete(handle.db, r, "core-rule-copy"), {
      ...c,
      action: "deleted",
      key: "core-rule-copy",
    });
  });
});

describe("scenario descriptor", () => {
  it("create, duplicate, set-enabled, update and delete each lock the version and append one event", async () => {
    const scenario = { ...firstOf(demo.scenarios), key: "core-scenario" };
    const c = { entity: "scenario" };
    await expectOneChange((r) => scenarioEntity.create(handle.db, r, scenario), {
      ...c,
      action: "created",
      key: "core-scenario",
    });
    await expectOneChange((r) => scenarioEntity.duplicate(handle.db, r, "core-scenario"), {
      ...c,
      action: "duplicated",
      key: "core-scenario-copy",
    });
    await expectOneChange((r) => scenarioEntity.setEnabled(handle.db, r, "core-scenario", !scenario.enabled), {
      ...c,
      action: scenario.enabled ? "disabled" : "enabled",
      key: "core-scenario",
    });
    await expectOneChange(
      (r) => scenarioEntity.update(handle.db, r, "core-scenario", { ...scenario, description: "Changed." }),
      { ...c, action: "updated", key: "core-scenario" },
    );
    await expectOneChange((r) => scenarioEntity.delete(handle.db, r, "core-scenario-copy"), {
      ...c,
      action: "deleted",
      key: "core-scenario-copy",
    });
  });
});

describe("tool descriptor", () => {
  it("create, duplicate, update and delete each lock the version and append one event", async () => {
    const tool = { ...firstOf(demo.tools), key: "core_tool" };
    const c = { entity: "tool" };
    await expectOneChange((r) => toolEntity.create(handle.db, r, tool), { ...c, action: "created", key: "core_tool" });
    await expectOneChange((r) => toolEntity.duplicate(handle.db, r, "core_tool"), {
      ...c,
      action: "duplicated",
      key: "core_tool_copy",
    });
    await expectOneChange((r) => toolEntity.update(handle.db, r, "core_tool", { ...tool, description: "Changed." }), {
      ...c,
      action: "updated",
      key: "core_tool",
    });
    await expectOneChange((r) => toolEntity.delete(handle.db, r, "core_tool_copy"), {
      ...c,
      action: "deleted",
      key: "core_tool_copy",
    });
  });
});

describe("profile field descriptor", () => {
  it("create, update and delete each lock the version, bump the profile schema and append one event", async () => {
    const field = { ...firstOf(demo.profile_fields), field_name: "core_field" };
    const c = { entity: "profile_field", key: "core_field" };
    const schema = async () => (await getAgentByKey(handle.db, AGENT))?.profileSchemaVersion ?? 0;
    const first = await schema();
    await expectOneChange((r) => profileFieldEntity.create(handle.db, r, field), { ...c, action: "created" });
    await expectOneChange(
      (r) => profileFieldEntity.update(handle.db, r, "core_field", { ...field, description: "Changed." }),
      { ...c, action: "updated" },
    );
    await expectOneChange((r) => profileFieldEntity.delete(handle.db, r, "core_field"), { ...c, action: "deleted" });
    expect(await schema()).toBe(first + 3);
  });
});

describe("response variable descriptor", () => {
  it("create, update and delete each lock the version and append one event", async () => {
    const variable = { ...firstOf(demo.variables), name: "core_variable" };
    const c = { entity: "variable", key: "core_variable" };
    await expectOneChange((r) => variableEntity.create(handle.db, r, variable), { ...c, action: "created" });
    await expectOneChange(
      (r) => variableEntity.update(handle.db, r, "core_variable", { ...variable, description: "Changed." }),
      { ...c, action: "updated" },
    );
    await expectOneChange((r) => variableEntity.delete(handle.db, r, "core_variable"), { ...c, action: "deleted" });
  });
});
