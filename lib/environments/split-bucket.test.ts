import { describe, expect, it } from "vitest";
import { armForBucket, SPLIT_BUCKETS, splitBucket } from "./split-bucket";

const ARMS = [
  { version: 1, percent: 50 },
  { version: 2, percent: 30 },
  { version: 3, percent: 20 },
];

describe("splitBucket", () => {
  it("gives one customer the same bucket every time, and a different one in another environment or agent", () => {
    const bucket = splitBucket("agent-a", "production", "customer-7");
    expect(splitBucket("agent-a", "production", "customer-7")).toBe(bucket);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(SPLIT_BUCKETS);
    const elsewhere = ["staging", "canary", "eu"].map((env) => splitBucket("agent-a", env, "customer-7"));
    const otherAgents = ["agent-b", "agent-c", "agent-d"].map((agent) =>
      splitBucket(agent, "production", "customer-7"),
    );
    expect([...elsewhere, ...otherAgents].every((other) => other === bucket)).toBe(false);
  });

  // 10,000 customers of five fixed agents: the sd of a 20 % arm's share is 0.4 points, so 2 points
  // is 5 sd — a uniform hash cannot miss it, a skewed one (e.g. a modulo of a short prefix) would.
  it("spreads 10,000 customers within 2 points of each arm's percentage, for every agent", () => {
    for (const agent of ["a1", "b2", "c3", "d4", "e5"]) {
      const counts = new Map<number, number>();
      for (let i = 0; i < 10_000; i++) {
        const arm = armForBucket(ARMS, splitBucket(agent, "production", `customer-${i}`));
        counts.set(arm.version, (counts.get(arm.version) ?? 0) + 1);
      }
      for (const arm of ARMS) expect(Math.abs((counts.get(arm.version) ?? 0) / 100 - arm.percent)).toBeLessThan(2);
    }
  });
});

describe("armForBucket", () => {
  it("fills buckets in the arms' listed order, 100 buckets a percent", () => {
    expect(armForBucket(ARMS, 0).version).toBe(1);
    expect(armForBucket(ARMS, 4_999).version).toBe(1);
    expect(armForBucket(ARMS, 5_000).version).toBe(2);
    expect(armForBucket(ARMS, 7_999).version).toBe(2);
    expect(armForBucket(ARMS, 8_000).version).toBe(3);
    expect(armForBucket(ARMS, SPLIT_BUCKETS - 1).version).toBe(3);
  });
});
