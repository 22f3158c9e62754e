import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { checkRouting, type RoutingCheckInput } from "./check-routing";

const embedder = createOfflineEmbedder();
const demoScenarios = (): RoutingCheckInput[] => snapshotFromBundle(demo).scenarios;
const PLANTED = "What's the price of the blue kettle with shipping to France?";

function withPlanted(): RoutingCheckInput[] {
  return demoScenarios().map((s) => (s.key === "refund" ? { ...s, entryExamples: [...s.entryExamples, PLANTED] } : s));
}

describe("checkRouting", () => {
  it("flags a refund example worded like a price question, and says where it leans", async () => {
    const report = await checkRouting(withPlanted(), embedder);
    const planted = report.examples.find((e) => e.example === PLANTED);
    expect(planted).toMatchObject({ scenario_key: "refund", problem: "closer_to_other" });
    expect([planted?.routed_to, planted?.runner_up?.scenario_key]).toContain("pricing");
    expect(planted?.advice).toContain("Pricing question");
    expect(report.summary.flagged_examples).toBeGreaterThanOrEqual(1);
    expect(report.summary).toMatchObject({ examples: 10, unchecked: 0 });
  });

  it("leaves each example out of its own scenario: a wording nothing else shares comes back to no scenario", async () => {
    const garden: RoutingCheckInput = {
      key: "garden",
      name: "Garden",
      description: "Garden help",
      intentLabel: "garden_help",
      entryExamples: ["prune my roses", "water my tomatoes", "zzq blorf wimble"],
      enabled: true,
    };
    const report = await checkRouting([...demoScenarios(), garden], embedder);
    const odd = report.examples.find((e) => e.example === "zzq blorf wimble");
    expect(odd?.outcome).not.toBe("own");
    expect(odd?.problem).toBe("not_routed_home");
    expect(odd?.advice).toMatch(/reword|add more examples/i);
  });

  it("flags a scenario with two examples and skips a disabled one", async () => {
    const scenarios: RoutingCheckInput[] = [
      ...demoScenarios(),
      {
        key: "shipping",
        name: "Shipping",
        description: "Where an order is",
        intentLabel: "shipping_status",
        entryExamples: ["where is my parcel?", "has my order shipped yet?"],
        enabled: true,
      },
      {
        key: "loyalty",
        name: "Loyalty",
        description: "Points",
        intentLabel: "loyalty",
        entryExamples: ["how many points do I have?"],
        enabled: false,
      },
    ];
    const report = await checkRouting(scenarios, embedder);
    const byKey = new Map(report.scenarios.map((s) => [s.scenario_key, s]));
    expect(byKey.get("shipping")).toMatchObject({ problem: "few_examples", examples: 2 });
    expect(byKey.get("shipping")?.advice).toContain("add at least 1 more example");
    expect(byKey.get("loyalty")).toMatchObject({ problem: "disabled", enabled: false });
    expect(byKey.get("refund")?.problem).toBeNull();
    expect(report.examples.some((e) => e.scenario_key === "loyalty")).toBe(false);
    expect(report.summary.flagged_scenarios).toBe(1);
    expect(report.summary.examples).toBe(11);
  });

  it("gives empty tables for an agent with no scenarios", async () => {
    const report = await checkRouting([], embedder);
    expect(report).toEqual({
      examples: [],
      scenarios: [],
      summary: { examples: 0, routed_home: 0, accuracy: null, flagged_examples: 0, flagged_scenarios: 0, unchecked: 0 },
    });
  });

  it("checks a sample of every scenario when the agent has too many examples to check at once", async () => {
    const many: RoutingCheckInput[] = Array.from({ length: 20 }, (_, i) => ({
      key: `topic-${i}`,
      name: `Topic ${i}`,
      description: `Questions about topic ${i}`,
      intentLabel: `topic_${i}`,
      entryExamples: Array.from({ length: 30 }, (_, j) => `question ${j} about topic ${i}`),
      enabled: true,
    }));
    const report = await checkRouting(many, embedder);
    expect(report.summary.unchecked).toBeGreaterThan(0);
    expect(report.summary.examples + report.summary.unchecked).toBe(600);
    for (const row of report.scenarios) expect(row.checked).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("counts the examples that came back home in the accuracy", async () => {
    const report = await checkRouting(demoScenarios(), embedder);
    const home = report.examples.filter((e) => e.outcome === "own").length;
    expect(report.summary.routed_home).toBe(home);
    expect(report.summary.accuracy).toBe(Math.round((home / 9) * 1000) / 1000);
    for (const e of report.examples) expect(e.problem === null).toBe(e.outcome === "own" && e.advice === null);
  });
});
