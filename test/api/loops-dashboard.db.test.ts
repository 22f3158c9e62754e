import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { listLoops, loopDashboardStats } from "@/db/queries/loops";
import { agents, loopTraces } from "@/db/schema";
import { decodeLoopCursor, encodeLoopCursor, parseLoopSearch } from "@/lib/loops/loop-filters";
import { loadLoopsDashboard } from "@/lib/loops/server/load-loops-dashboard";
import { startTestApp } from "../support/focal-test-app";
import { completeWith, loopApi, loopApiKey, REFERENCE_REFLECTION } from "../support/loop-api";

// The Loops dashboard's data: URL filters, keyset "load more", and the aggregates behind its charts.

let handle: DatabaseHandle;
const load = (params: Record<string, string>) => loadLoopsDashboard(handle.db, parseLoopSearch(params), null);
const ids = (data: { loops: { loopId: string }[] }) => data.loops.map((l) => l.loopId).sort();

beforeAll(async () => {
  handle = await startTestApp();
  const api = loopApi(await loopApiKey(handle, ["loops:write", "loops:override"]));
  const [lab] = await handle.db
    .insert(agents)
    .values({ key: "lab", name: "Lab", settings: { fatigue: { critical_threshold: 0.4 } } })
    .returning();
  // fam: loop → _r1 → _r2 → _r3 (force-finalized at the limit), then overridden.
  for (const id of ["fam", "fam_r1", "fam_r2", "fam_r3"])
    await completeWith(api, id, REFERENCE_REFLECTION, { agent_key: "lab" });
  await api.override("fam_r3", { override_max_reruns: true, override_by: "operator", override_reason: "go on" });
  // Three loops flag "anchoring": the third halts with bias echo.
  for (const id of ["echo_a", "echo_b", "echo_c"]) {
    await completeWith(api, id, { ...REFERENCE_REFLECTION, bias_tags: [{ tag: "anchoring" }] });
  }
  await completeWith(api, "fine", { ...REFERENCE_REFLECTION, alignment_score: 0.9, drift_score: 0.1 });
  await handle.db.insert(loopTraces).values({
    loopId: "turn_t1",
    familyId: "turn_t1",
    kind: "turn",
    agentId: lab?.id,
    status: "completed",
    decision: "finalize",
    finalizeReason: "thresholds_met",
    // The rewrite passed on the pass that also reached the rerun limit: stored as forced, yet nothing was stopped.
    forceFinalize: true,
    alignmentScore: 1,
    driftScore: 0,
    biasTags: [{ tag: "violation:max_refund" }],
  });
  // An old loop for the date filter.
  await handle.db
    .update(loopTraces)
    .set({ createdAt: new Date("2025-01-01T12:00:00Z") })
    .where(eq(loopTraces.loopId, "fine"));
});
afterAll(async () => {
  await handle?.close();
});

describe("filters from the URL", () => {
  it("kind, agent, force-finalized, bias echo, overridden and date", async () => {
    expect(ids(await load({ kind: "turn" }))).toEqual(["turn_t1"]);
    expect(ids(await load({ agent: "lab", kind: "external" }))).toEqual(["fam", "fam_r1", "fam_r2", "fam_r3"]);
    expect(ids(await load({ agent: "nobody" }))).toEqual([]);
    // fam_r3 stays force-finalized after its max-reruns override: lab's fatigue stop (0.40) still holds at 0.45.
    expect(ids(await load({ ff: "yes" }))).toEqual(["echo_c", "fam_r3"]);
    expect(ids(await load({ kind: "turn", ff: "no" }))).toEqual(["turn_t1"]);
    expect(ids(await load({ echo: "yes" }))).toEqual(["echo_c"]);
    expect(ids(await load({ overridden: "yes" }))).toEqual(["fam_r3"]);
    expect(ids(await load({ to: "2025-01-01" }))).toEqual(["fine"]);
    expect(ids(await load({ from: "2025-01-02", kind: "external", ff: "no", echo: "no", overridden: "no" }))).toEqual([
      "echo_a",
      "echo_a_r1",
      "echo_b",
      "echo_b_r1",
      "fam",
      "fam_r1",
      "fam_r2",
    ]);
    // Values that do not parse are ignored, not an error.
    expect((await load({ kind: "planet", ff: "maybe", from: "yesterday" })).loops).toHaveLength(11);
  });

  it("each loop carries its agent's thresholds: lab stops fatigue at 0.40", async () => {
    const data = await load({ agent: "lab", kind: "external" });
    expect(data.loops.find((l) => l.loopId === "fam_r3")).toMatchObject({
      agentKey: "lab",
      fatigueLimit: 0.4,
      rerunCount: 3,
      maxReruns: 3,
      reflectionFatigue: 0.45,
      overriddenBy: "operator",
    });
  });
});

describe("keyset load more", () => {
  it("pages of 3 walk every loop once, newest first", async () => {
    const seen: string[] = [];
    let cursor: { createdAt: string; id: string } | undefined;
    for (let page = 0; page < 5; page++) {
      const result = await listLoops(handle.db, {}, cursor, 3);
      seen.push(...result.loops.map((l) => l.loopId));
      cursor = result.next;
      if (!cursor) break;
    }
    // 11 rows: 9 completed loops and the pending reruns echo_a_r1 and echo_b_r1.
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect(seen[seen.length - 1]).toBe("fine");
  });

  it("the cursor survives the URL: the dashboard reads it back and continues after it", async () => {
    const page = await listLoops(handle.db, {}, undefined, 4);
    if (!page.next) throw new Error("expected a second page");
    const cursor = encodeLoopCursor(page.next);
    expect(decodeLoopCursor(new URLSearchParams(`cursor=${encodeURIComponent(cursor)}`).get("cursor") ?? "")).toEqual(
      page.next,
    );
    const rest = await load({ cursor });
    expect(rest.loops).toHaveLength(7);
    expect(rest.loops.map((l) => l.loopId)).not.toContain(page.loops[3]?.loopId);
    // A forged cursor is ignored: the first page again.
    expect((await load({ cursor: "not-a-cursor" })).loops).toHaveLength(11);
  });
});

describe("aggregates for the charts", () => {
  it("counts, rerun and stop reasons, bias tags and means by rerun number", async () => {
    const stats = await loopDashboardStats(handle.db, {});
    // turn_t1 (rewrite passed) is not counted force-finalized though its record says so.
    expect(stats).toMatchObject({ total: 11, forceFinalized: 2, biasEcho: 1, overridden: 1 });
    expect(stats.rerunReasons).toEqual([{ label: "alignment_threshold_not_met", n: 5 }]);
    expect(stats.finalizeReasons).toEqual(
      expect.arrayContaining([
        { label: "thresholds_met", n: 2 },
        { label: "rerun_limit_reached", n: 1 },
        { label: "bias_echo_detected", n: 1 },
      ]),
    );
    expect(stats.biasTags).toEqual([
      { label: "anchoring", n: 3 },
      { label: "violation:max_refund", n: 1 },
    ]);
    const byRerun = Object.fromEntries(stats.byRerun.map((r) => [r.rerun, r]));
    expect(byRerun[3]).toMatchObject({ fatigue: 0.45, n: 1 });
    expect(byRerun[1]?.fatigue).toBeCloseTo(0.15, 9);
  });
});
