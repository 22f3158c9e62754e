import { describe, expect, it } from "vitest";
import { agentInContext, agentKeyFromPath } from "./agent-in-context";

const agents = [{ key: "refund-desk" }, { key: "my-copy" }];

describe("the agent in context", () => {
  it("is the agent in the path on an agent page", () => {
    expect(agentKeyFromPath("/agents/my-copy/rules")).toBe("my-copy");
    expect(agentInContext("/agents/my-copy/rules", "refund-desk", agents)).toBe("my-copy");
  });

  it("stays the remembered agent on a global page instead of falling back to the first", () => {
    expect(agentKeyFromPath("/loops")).toBeNull();
    expect(agentInContext("/loops", "my-copy", agents)).toBe("my-copy");
    expect(agentInContext("/admin/jobs", "my-copy", agents)).toBe("my-copy");
  });

  it("falls back to the first agent when the remembered one no longer exists", () => {
    expect(agentInContext("/ledger", "deleted-agent", agents)).toBe("refund-desk");
    expect(agentInContext("/agents/typo/rules", null, agents)).toBe("refund-desk");
    expect(agentInContext("/ledger", null, [])).toBeNull();
  });
});
