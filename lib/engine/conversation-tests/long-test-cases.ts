import type { BundleInput } from "../contracts/bundle";

type CaseInput = NonNullable<BundleInput["tests"]>[number];

/**
 * `count` conversation tests of `turns` turns each, their messages the seed cases' messages over and
 * over, without assertions (so 100 × 200 turns fit a 1 MiB request): the largest test run a request
 * can carry, for load tests and the bench.
 */
export function longTestCases(seed: { turns?: { message: string }[] }[], count: number, turns: number): CaseInput[] {
  const pool = seed.flatMap((testCase) => (testCase.turns ?? []).map((turn) => turn.message));
  if (pool.length === 0) throw new Error("the seed cases have no turns");
  return Array.from({ length: count }, (_, i) => ({
    key: `long-${i}`,
    name: `Long conversation ${i}`,
    turns: Array.from({ length: turns }, (_, t) => ({ message: pool[(i + t) % pool.length] as string })),
  }));
}
