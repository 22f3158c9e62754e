import { describe, expect, it } from "vitest";
import { summarizeConfigEvent } from "./config-change-payload";

const change = {
  agent_key: "refund-desk",
  entity: "rule",
  key: "max-refund",
  action: "updated",
  config_version_before: 2,
  config_version_after: 3,
  diff: { priority: { before: 50, after: 60 } },
};

describe("summarizeConfigEvent", () => {
  it("says what a CONFIG_CHANGED event did and which version it made", () => {
    expect(summarizeConfigEvent("CONFIG_CHANGED", change)).toEqual({ version: 3, summary: "updated rule max-refund" });
    expect(
      summarizeConfigEvent("CONFIG_CHANGED", {
        ...change,
        action: "duplicated",
        key: "max-refund-copy",
        source_key: "max-refund",
      }).summary,
    ).toBe("duplicated rule max-refund as max-refund-copy");
    expect(summarizeConfigEvent("CONFIG_CHANGED", { ...change, key: "cap", previous_key: "max-refund" }).summary).toBe(
      "updated rule max-refund (now cap)",
    );
    const imported = { ...change, entity: "tool", action: "imported", key: "get_order, create_order" };
    expect(summarizeConfigEvent("CONFIG_CHANGED", imported).summary).toBe("imported tools get_order, create_order");
  });

  it("names the settings a settings save changed", () => {
    const diff = Object.fromEntries(["a.x", "a.y", "b.z", "c.w"].map((k) => [k, { before: 1, after: 2 }]));
    expect(summarizeConfigEvent("CONFIG_CHANGED", { ...change, entity: "settings", diff }).summary).toBe(
      "updated settings a.x, a.y, b.z and 1 more",
    );
  });

  it("reads bundle imports, and survives payloads it does not know", () => {
    const imported = { agent_key: "a", config_version: 4, previous_config_version: 3, created: false, diff: null };
    expect(summarizeConfigEvent("BUNDLE_IMPORTED", imported)).toEqual({
      version: 4,
      summary: "imported a bundle over the configuration",
    });
    expect(summarizeConfigEvent("CONFIG_CHANGED", { entity: "?" })).toEqual({
      version: null,
      summary: "changed the configuration",
    });
  });
});
