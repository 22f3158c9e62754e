import type { StageName } from "@/lib/engine/contracts/turn-outcome";

// What each stage of a turn may cost at 1,000 rules with the offline provider, in milliseconds
// (docs/pipeline.md#what-each-stage-may-cost holds the same table; stage-budgets.test.ts keeps the
// two equal). The p50s add up to the engine's 2.5 ms; "between_stages" is the turn's time outside
// every span (compiled lookups, provenance, the session's next state). The engine bench prints
// `over_budget=` with the ones a run exceeds.

export interface Budget {
  p50: number;
  p95: number;
}

export type BudgetedPart = StageName | "between_stages" | "engine";

export const STAGE_BUDGETS_MS: Record<BudgetedPart, Budget> = {
  privacy: { p50: 0.05, p95: 0.2 },
  input_safety: { p50: 0.15, p95: 0.5 },
  language: { p50: 0.03, p95: 0.1 },
  continuity: { p50: 0.05, p95: 0.2 },
  sensor: { p50: 0.35, p95: 1.0 },
  ambiguity: { p50: 0.02, p95: 0.05 },
  retrieval: { p50: 0.05, p95: 0.15 },
  routing: { p50: 0.05, p95: 0.15 },
  filtering: { p50: 0.3, p95: 1.0 },
  variables: { p50: 0.03, p95: 0.1 },
  tools: { p50: 0.07, p95: 0.3 },
  knowledge: { p50: 0, p95: 0 },
  generation: { p50: 0.2, p95: 0.8 },
  extraction: { p50: 0.5, p95: 2.0 },
  enforcement: { p50: 0.2, p95: 0.8 },
  regeneration: { p50: 0.2, p95: 0.8 },
  reformulation: { p50: 0.05, p95: 0.3 },
  between_stages: { p50: 0.2, p95: 0.6 },
  engine: { p50: 2.5, p95: 5.0 },
};

/** The parts whose p50 or p95 is over its budget, in the order measured. */
export function overBudget(measured: ReadonlyMap<string, Budget>): string[] {
  const budgets: ReadonlyMap<string, Budget> = new Map(Object.entries(STAGE_BUDGETS_MS));
  return [...measured]
    .filter(([part, m]) => {
      const budget = budgets.get(part);
      return budget !== undefined && (m.p50 > budget.p50 || m.p95 > budget.p95);
    })
    .map(([part]) => part);
}
