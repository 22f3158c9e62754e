import { describe, expect, it } from "vitest";
import { POST as importAgent } from "@/app/api/v1/agents/import/route";
import { getAgentByKey } from "@/db/queries/agents";
import { updateAgentSettingsAction } from "@/lib/actions/settings/update-agent-settings";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { demoAppForActions } from "@/test/support/action-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// Privacy settings are checked like every other setting: an unknown kind is refused where it is written.

const app = demoAppForActions(["designer"]);

async function saveSettings(settings: Record<string, unknown>) {
  const agent = await getAgentByKey(app.handle.db, "refund-desk");
  return updateAgentSettingsAction({
    agent_key: "refund-desk",
    expected_config_version: agent?.configVersion ?? 0,
    settings,
  });
}

describe("privacy settings", () => {
  it("a bundle naming an unknown kind of personal data is refused with 422 and the field", async () => {
    const admin = await loopApiKey(app.handle, ["admin", "agents:write"]);
    const bundle = structuredClone(demo) as { agent: { key: string; settings: Record<string, unknown> } };
    bundle.agent.key = "privacy-typo";
    bundle.agent.settings = { ...bundle.agent.settings, privacy: { mask: ["card", "passport"] } };
    const response = await callWithKey(importAgent as RouteHandler, "POST", "/api/v1/agents/import", {}, admin, bundle);
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("privacy.mask");
  });

  it("the settings editor gets an inline error for an unknown kind and a pattern RE2 cannot run", async () => {
    const result = await saveSettings({
      ...demo.agent.settings,
      privacy: { mask: ["passport"], patterns: [{ name: "ref", pattern: "(?<=x)y" }] },
    });
    expect(result.ok).toBe(false);
    const fieldErrors = (result as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
    expect(Object.keys(fieldErrors).some((path) => path.startsWith("privacy.mask"))).toBe(true);
    expect(Object.keys(fieldErrors).some((path) => path.startsWith("privacy.patterns"))).toBe(true);
  });

  it("saves kinds, national ids, patterns, a region and a tool given real values", async () => {
    const privacy = {
      mask: ["card", "email"],
      national_ids: ["us_ssn"],
      patterns: [{ name: "order_ref", pattern: "ORD-[0-9]{6}" }],
      default_region: "GB",
      tools: { lookup_order: { receives_real_values: true } },
    };
    const result = await saveSettings({ ...demo.agent.settings, privacy });
    expect(result).toMatchObject({ ok: true, data: { changed: true } });
  });
});
