import { describe, expect, it } from "vitest";
import { dayRange } from "@/lib/text/url-filters";
import { hasTraceFilters, parseTraceSearch, tracesHref } from "./trace-search";

const RULE = "0b8f7c1e-9a4d-4f7e-8c2b-1d3e5f7a9b0c";

describe("trace search parameters", () => {
  it("keep valid filters and drop the ones that do not parse", () => {
    const search = parseTraceSearch({
      outcome: "fallback",
      violation: "any",
      fired: RULE,
      scenario: "not-a-uuid",
      from: "2026-02-30x",
      to: "2026-03-10",
      q: ["  refund 100%  ", "ignored"],
      provider: "",
    });
    expect(search).toEqual({ outcome: "fallback", violation: "any", fired: RULE, to: "2026-03-10", q: "refund 100%" });
    expect(parseTraceSearch({ outcome: "happy", violation: "some" })).toEqual({});
    expect(hasTraceFilters(parseTraceSearch({ cursor: "abc" }))).toBe(false);
    expect(hasTraceFilters(parseTraceSearch({ provider: "openai" }))).toBe(true);
  });

  it("write filters and the cursor back into the agent's traces URL", () => {
    expect(tracesHref("refund-desk", {})).toBe("/agents/refund-desk/traces");
    expect(tracesHref("refund-desk", { outcome: "error", q: "a&b", cursor: "old" }, "next")).toBe(
      "/agents/refund-desk/traces?outcome=error&q=a%26b&cursor=next",
    );
  });

  it("read a date range as [from 00:00 UTC, the day after to)", () => {
    const range = dayRange({ from: "2026-03-01", to: "2026-03-31" });
    expect(range.from?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(range.to?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(dayRange({})).toEqual({ from: undefined, to: undefined });
  });
});
