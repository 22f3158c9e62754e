import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../../compile/compile-agent";
import { sequentialIds, staticToolRunner, steppingClock } from "../../../testing/fixed-ports";
import { snapshotFromBundle } from "../../../testing/snapshot-from-bundle";
import { evaluateRoutingCorpus, ROUTING_ITEMS, type RoutingReport } from "./routing-corpus";

// The labelled routing set through runTurn with the offline provider (whose sensor is the local
// sensor) and the offline embedder. A routing regression fails the accuracy threshold.

let report: RoutingReport;
let agent: CompiledAgent;
beforeAll(async () => {
  const ports = {
    model: createOfflineProvider(),
    embedder: createOfflineEmbedder(),
    tools: staticToolRunner(),
    clock: steppingClock(),
    ids: sequentialIds(),
  };
  agent = await compileAgent(snapshotFromBundle(demo), ports.embedder);
  report = await evaluateRoutingCorpus(agent, ports);
});

describe("labelled routing set on the demo Refund desk", () => {
  it("holds at least 200 messages of every class", () => {
    expect(ROUTING_ITEMS.length).toBeGreaterThanOrEqual(200);
    const classes = new Set(ROUTING_ITEMS.map((i) => i.class));
    expect([...classes].sort()).toEqual(["ambiguous", "cancel", "entry", "follow-up", "none", "switch"]);
    expect(new Set(ROUTING_ITEMS.map((i) => i.message.toLowerCase())).size).toBeGreaterThan(190);
  });

  it("routes at least 95% of them as labelled", () => {
    const wrong = report.items.filter((r) => !r.correct).map((r) => `${r.at ?? "-"} ${r.message} → ${r.got}`);
    expect(report.accuracy, wrong.join("\n")).toBeGreaterThanOrEqual(0.95);
  });

  it("keeps mid-scenario follow-ups in their scenario and leaves on every cancel", () => {
    const cancels = report.items.filter((r) => r.class === "cancel");
    expect(cancels.every((r) => r.correct)).toBe(true);
    const followUps = report.items.filter((r) => r.class === "follow-up");
    expect(followUps.filter((r) => r.correct).length / followUps.length).toBeGreaterThanOrEqual(0.95);
  });

  it("decides most clear turns locally, and those it decides are right ≥ 97% of the time", () => {
    expect(report.decidesShare).toBeGreaterThanOrEqual(0.7);
    expect(report.decidedAccuracy).toBeGreaterThanOrEqual(0.97);
  });

  it("is calibrated: turns at confidence ≥ 0.85 are right at least 97% of the time", () => {
    const high = report.items.filter((r) => r.localConfidence !== null && r.localConfidence >= 0.85);
    expect(high.filter((r) => r.correct).length / high.length).toBeGreaterThanOrEqual(0.97);
  });
});
