import { describe, expect, it, vi } from "vitest";
import type { LoopDashboardStats } from "@/db/queries/loops";
import type { LoopView } from "@/lib/loops/loop-view";
import { expectShown, renderHtml } from "@/test/support/static-render";
import { LoopDetail } from "./loop-detail";
import { LoopsDashboard } from "./loops-dashboard";

// The Loops pages render on the server; this renders them to HTML (no browser).

vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => {}, replace: () => {} }),
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/lib/actions/loops/override-loop-guardrails", () => ({ overrideLoopGuardrailsAction: async () => ({}) }));

function loop(loopId: string, depth: number, partial: Partial<LoopView> = {}): LoopView {
  return {
    id: `00000000-0000-4000-8000-00000000000${depth}`,
    loopId,
    familyId: "loop_001",
    kind: "external",
    agentKey: null,
    turnId: null,
    status: "completed",
    timestamp: "2025-04-21T19:45:00.000Z",
    createdAt: "2025-04-21T19:45:00.000Z",
    rerunOf: depth === 0 ? null : "loop_001",
    rerunDepth: depth,
    rerunCount: depth + 1,
    maxReruns: 3,
    biasEcho: false,
    repeatedTags: [],
    biasTags: [],
    reflectionFatigue: depth * 0.15,
    fatigueLimit: 0.5,
    alignmentThreshold: 0.75,
    driftThreshold: 0.25,
    fatigueIncreased: depth > 0,
    rerunReason: "alignment_threshold_not_met",
    rerunReasonDetail: "Triggered by alignment, drift",
    rerunTrigger: ["alignment", "drift"],
    decision: "rerun",
    finalizeReason: null,
    forceFinalize: false,
    overriddenBy: null,
    overrideReason: null,
    overriddenAt: null,
    overrideFatigue: false,
    overrideMaxReruns: false,
    orchestratorPersona: "SAGE",
    reflectionPersona: "SAGE",
    alignmentScore: 0.72,
    driftScore: 0.28,
    summaryValid: true,
    reasoning: null,
    ...partial,
  };
}

const forced = loop("loop_001_r3", 3, {
  decision: "finalize",
  finalizeReason: "rerun_limit_reached",
  forceFinalize: true,
  rerunCount: 3,
  biasTags: ["anchoring"],
});
const family = [loop("loop_001", 0), loop("loop_001_r1", 1), loop("loop_001_r2", 2), forced];
const stats: LoopDashboardStats = {
  total: 4,
  forceFinalized: 1,
  biasEcho: 0,
  overridden: 0,
  rerunReasons: [{ label: "alignment_threshold_not_met", n: 3 }],
  finalizeReasons: [{ label: "rerun_limit_reached", n: 1 }],
  biasTags: [{ label: "anchoring", n: 1 }],
  byRerun: family.map((l) => ({
    rerun: l.rerunDepth,
    fatigue: l.reflectionFatigue,
    alignment: 0.72,
    drift: 0.28,
    n: 1,
  })),
};

describe("Loops pages render", () => {
  it("the dashboard: filters, charts, reasons, the table with fatigue n / limit, load more", () => {
    const html = renderHtml(LoopsDashboard, {
      loops: family,
      stats,
      agents: [],
      search: { ff: "yes" },
      nextCursor: "c~x",
    });
    expectShown(html, [
      'data-testid="loop-row-loop_001_r3"',
      "force-finalized",
      "3 earlier",
      "0.45 / 0.50",
      "3 / 3",
      "Mean fatigue over reruns",
      "alignment below threshold",
      "Load more",
      'href="/loops?ff=yes&amp;cursor=c%7Ex"',
    ]);
    // One row for the family: its deepest rerun, the three before it behind a toggle.
    expect(html).not.toContain('data-testid="loop-row-loop_001_r1"');
  });

  it("a turn's rewrite that passed reads green; one the fallback answered reads amber, never red", () => {
    const passed = {
      ...forced,
      loopId: "turn_t1_r1",
      familyId: "turn_t1",
      kind: "turn" as const,
      finalizeReason: "thresholds_met",
      biasTags: [],
    };
    const root = { ...loop("turn_t1", 0, { kind: "turn" }), familyId: "turn_t1", biasTags: ["violation:max-refund"] };
    const html = renderHtml(LoopsDashboard, { loops: [passed], stats, agents: [], search: {} });
    const row = /data-testid="loop-row-turn_t1_r1".*?<\/tr>/.exec(html)?.[0] ?? "";
    expect(row).toContain("rewrite passed");
    expect(row).not.toContain("force-finalized");
    const detailOf = (loop: LoopView) =>
      renderHtml(LoopDetail, { loop, family: [root, loop], overrides: [], completions: [], canOverride: false });
    const detail = detailOf(passed);
    expect(detail).toContain("Rewritten once to satisfy max-refund");
    expect(detail).not.toContain("Force-finalized");
    expect(detail).not.toContain('data-variant="danger"');
    const stopped = { ...passed, finalizeReason: "rerun_limit_reached", biasTags: ["violation:max-refund"] };
    const fallback = detailOf(stopped);
    expect(fallback).toContain("the safe fallback answered");
    expect(fallback).toContain('data-variant="warning"');
  });

  it("an empty instance says how to get the first loop", () => {
    const empty = { ...stats, total: 0, byRerun: [], rerunReasons: [], finalizeReasons: [], biasTags: [] };
    const html = renderHtml(LoopsDashboard, { loops: [], stats: empty, agents: [], search: {} });
    expect(html).toContain("POST /orchestrator/loop-complete");
  });

  it("the detail: lineage, status, charts, reasoning; Override only when allowed", () => {
    const props = { loop: forced, family, overrides: [], completions: [] };
    const html = renderHtml(LoopDetail, { ...props, canOverride: true });
    expectShown(html, [
      'data-testid="lineage"',
      "_r3",
      "Force-finalized: rerun limit reached",
      "Fatigue over reruns",
      'data-testid="override-button"',
    ]);
    expect(renderHtml(LoopDetail, { ...props, canOverride: false })).not.toContain("override-button");
  });
});
