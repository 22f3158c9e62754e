import { describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { demoAgent, environmentApi, saveNewVersion } from "@/test/support/environment-helpers";
import { fileTestApp } from "@/test/support/focal-test-app";
import { loopApiKey } from "@/test/support/loop-api";
import { loadEnvironmentsPage } from "./load-environments-page";
import { promoteEnvironment } from "./pin-environment";
import { startSplit } from "./split-environment";

const handle = fileTestApp();

const ctx = { actor: SYSTEM_ACTOR, requestId: "test" };
const noForce = { admin: false };

describe("the Environments page", () => {
  it("names the config changes between the previous pin and the current one, and the pin to roll back to", async () => {
    const v1 = await demoAgent(handle, "page-pins");
    const agentOf = async () => {
      const agent = await getAgentByKey(handle.db, "page-pins");
      if (!agent) throw new Error("agent missing");
      return agent;
    };
    await promoteEnvironment(handle.db, await agentOf(), "production", { config_version: v1, force: noForce }, ctx);
    await saveNewVersion(handle, "page-pins");
    const v3 = await saveNewVersion(handle, "page-pins");
    await promoteEnvironment(handle.db, await agentOf(), "production", { config_version: v3, force: noForce }, ctx);
    const { data, events } = await loadEnvironmentsPage(handle.db, await agentOf());
    const production = data.cards.find((card) => card.environment.name === "production");
    expect(production).toMatchObject({ previousPin: v1, environment: { pinned_version: v3 } });
    const shown = events.filter((event) => production?.changeSeqs.includes(event.seq));
    expect(shown.map((event) => event.payload.config_version_after)).toEqual([v3, v1 + 1]);
    expect(data.versions).toEqual([v3, v1 + 1, v1]);
  });

  it("shows a split's comparison on its card", async () => {
    const v1 = await demoAgent(handle, "page-split");
    const v2 = await saveNewVersion(handle, "page-split");
    const agent = await getAgentByKey(handle.db, "page-split");
    if (!agent) throw new Error("agent missing");
    const arms = [
      { config_version: v1, percent: 80 },
      { config_version: v2, percent: 20 },
    ];
    await startSplit(handle.db, agent, "production", arms, ctx);
    const { data } = await loadEnvironmentsPage(handle.db, agent);
    const production = data.cards.find((card) => card.environment.name === "production");
    expect(production?.environment.split?.arms).toEqual(arms);
    expect(production?.comparison?.arms.map((arm) => arm.config_version)).toEqual([v1, v2]);
  });

  it("offers a promotion's preview the environment's conversations with turns, newest first, and no others", async () => {
    await demoAgent(handle, "page-recent");
    const api = environmentApi(handle, "page-recent", await loopApiKey(handle, ["turns:write"]));
    const older = (await api.session({ environment: "production" })).body.session_id;
    await api.turn(older, "where is my order?");
    const empty = (await api.session({ environment: "production" })).body.session_id;
    const newer = (await api.session({ environment: "production" })).body.session_id;
    await api.turn(newer, "I want a refund for order 123");
    const drafted = (await api.session({ environment: "draft" })).body.session_id;
    await api.turn(drafted, "hello");
    const agent = await getAgentByKey(handle.db, "page-recent");
    if (!agent) throw new Error("agent missing");
    const { data } = await loadEnvironmentsPage(handle.db, agent);
    const production = data.cards.find((card) => card.environment.name === "production");
    expect(production?.recentSessionIds).toEqual([newer, older]);
    expect(production?.recentSessionIds).not.toContain(empty);
  });
});
