import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { diffSettings } from "./settings-diff";

describe("diffSettings", () => {
  it("lists each changed setting by section.key with the values in force before and after", () => {
    const before = resolveAgentSettings({ enforcement: { max_retries: 2 } });
    const after = resolveAgentSettings({ scenario_filter: { stickiness_boost: 0.25 } });
    expect(diffSettings(before, after)).toEqual({
      "scenario_filter.stickiness_boost": { before: 0.15, after: 0.25 },
      "enforcement.max_retries": { before: 2, after: 1 },
    });
  });

  it("sees no change in storing a default explicitly", () => {
    expect(diffSettings(resolveAgentSettings({}), resolveAgentSettings({ enforcement: { max_retries: 1 } }))).toEqual(
      {},
    );
  });
});
