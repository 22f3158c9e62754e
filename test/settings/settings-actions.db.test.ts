import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentConfigVersions, agents, ledgerEvents } from "@/db/schema";
import { updateAgentSettingsAction } from "@/lib/actions/settings/update-agent-settings";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { demoAppForActions } from "@/test/support/action-test-app";
import { tableCounts } from "../support/focal-test-app";

const AGENT = "refund-desk";
const app = demoAppForActions(["designer", "viewer"]);

async function agentRow() {
  const [agent] = await app.handle.db.select().from(agents).where(eq(agents.key, AGENT));
  if (!agent) throw new Error("agent missing");
  return agent;
}

const save = async (settings: Record<string, unknown>, expected?: number) =>
  updateAgentSettingsAction({
    agent_key: AGENT,
    expected_config_version: expected ?? (await agentRow()).configVersion,
    settings,
  });

async function expectNothingWritten(call: () => Promise<{ ok: boolean }>) {
  const before = await tableCounts(app.handle);
  const agentBefore = await agentRow();
  const result = await call();
  expect(result).toMatchObject({ ok: false });
  expect(await tableCounts(app.handle)).toEqual(before);
  expect(await agentRow()).toEqual(agentBefore);
  return result;
}

describe("settings editor saves", () => {
  it("a save stores only the keys set, bumps the version once and records the values in force", async () => {
    const { configVersion: before, settings: stored } = await agentRow();
    const next = { ...stored, enforcement: { max_retries: 2 }, scenario_filter: { fallback_behavior: "stay" } };
    expect(await save(next)).toMatchObject({ ok: true, data: { config_version: before + 1, changed: true } });
    const agent = await agentRow();
    expect(agent.settings).toEqual(next);
    const [event] = await app.handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
    expect(event?.payload).toMatchObject({
      entity: "settings",
      action: "updated",
      config_version_before: before,
      config_version_after: before + 1,
      diff: {
        "enforcement.max_retries": { before: 1, after: 2 },
        "scenario_filter.fallback_behavior": { before: "clarify", after: "stay" },
      },
    });
  });

  it("keeps the version it makes with the saved settings: replays and sessions pinned to it run them", async () => {
    const { settings: stored } = await agentRow();
    const saved = await save({ ...stored, input_safety: { mode: "refuse" } });
    expect(saved).toMatchObject({ ok: true });
    const version = saved.ok ? saved.data.config_version : -1;
    const { id } = await agentRow();
    const [kept] = await app.handle.db
      .select()
      .from(agentConfigVersions)
      .where(and(eq(agentConfigVersions.agentId, id), eq(agentConfigVersions.configVersion, version)));
    expect((kept?.snapshot as AgentSnapshot | undefined)?.settings.input_safety.mode).toBe("refuse");
  });

  it("resetting to a default that changes nothing in force writes nothing", async () => {
    const { settings } = await agentRow();
    const before = await tableCounts(app.handle);
    const explicitDefault = { ...settings, rerun: { max_reruns: 3 } };
    expect(await save(explicitDefault)).toMatchObject({ ok: true, data: { changed: false } });
    expect(await tableCounts(app.handle)).toEqual(before);
  });

  it("a value out of range is refused at its section.key", async () => {
    const result = await expectNothingWritten(() => save({ enforcement: { max_retries: 99 } }));
    expect(result).toMatchObject({
      code: "VALIDATION",
      fieldErrors: { "enforcement.max_retries": [expect.any(String)] },
    });
  });

  it("an unknown key is refused by name", async () => {
    const result = await expectNothingWritten(() => save({ enforcement: { max_retires: 2 } }));
    expect(result).toMatchObject({ fieldErrors: { "enforcement.max_retires": [expect.stringContaining("Unknown")] } });
  });

  it("the cross-field check of a bundle import applies", async () => {
    const result = await expectNothingWritten(() => save({ fatigue: { critical_threshold: 0.9, max_fatigue: 0.8 } }));
    expect(result).toMatchObject({
      fieldErrors: { "fatigue.critical_threshold": [expect.stringContaining("above max_fatigue")] },
    });
  });

  it("a save over a newer version is a CONFLICT naming the change", async () => {
    const { configVersion, settings } = await agentRow();
    expect(await save({ ...settings, ambiguity: { min_intent_confidence: 0.4 } })).toMatchObject({ ok: true });
    const result = await expectNothingWritten(() =>
      save({ ...settings, ambiguity: { enabled: false } }, configVersion),
    );
    expect(result).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining(
        `v${configVersion + 1}: designer@focal.test updated settings ambiguity.min_intent_confidence.`,
      ),
    });
  });

  it("a viewer is refused", async () => {
    app.actAs("viewer");
    const result = await expectNothingWritten(() => save({ enforcement: { max_retries: 3 } }));
    expect(result).toMatchObject({ code: "FORBIDDEN" });
  });
});
