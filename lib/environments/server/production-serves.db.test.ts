import { describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { demoAgent, saveNewVersion } from "@/test/support/environment-helpers";
import { fileTestApp } from "@/test/support/focal-test-app";
import { promoteEnvironment } from "./pin-environment";
import { productionServes } from "./production-serves";
import { startSplit } from "./split-environment";

const handle = fileTestApp();

const ctx = { actor: SYSTEM_ACTOR, requestId: "test" };

async function agentOf(key: string) {
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  return agent;
}

/** What production serves for the agent with this key, read now. */
const servedBy = async (key: string) => productionServes(handle.db, await agentOf(key));

describe("what production serves, for the dashboard", () => {
  it("is the latest version while production was never pinned", async () => {
    await demoAgent(handle, "serves-latest");
    const v2 = await saveNewVersion(handle, "serves-latest");
    expect(await servedBy("serves-latest")).toEqual({ how: "latest", versions: [v2], percents: null, latest: v2 });
  });

  it("is production's pin after a save that was not promoted, beside the latest draft", async () => {
    const v1 = await demoAgent(handle, "serves-pin");
    await promoteEnvironment(
      handle.db,
      await agentOf("serves-pin"),
      "production",
      { config_version: v1, force: { admin: false } },
      ctx,
    );
    const v2 = await saveNewVersion(handle, "serves-pin");
    expect(v2).toBeGreaterThan(v1);
    expect(await servedBy("serves-pin")).toEqual({ how: "pinned", versions: [v1], percents: null, latest: v2 });
  });

  it("is each arm of a split with its share", async () => {
    const v1 = await demoAgent(handle, "serves-split");
    const v2 = await saveNewVersion(handle, "serves-split");
    const arms = [
      { config_version: v1, percent: 90 },
      { config_version: v2, percent: 10 },
    ];
    await startSplit(handle.db, await agentOf("serves-split"), "production", arms, ctx);
    const served = { how: "split", versions: [v1, v2], percents: [90, 10], latest: v2 };
    expect(await servedBy("serves-split")).toEqual(served);
  });
});
