import type { GoalEvidence, ReformulationType } from "@/lib/engine/contracts/goal-state";

/** The tester's form: confidence stays text while typed, so "0." is not rejected mid-edit. */
export interface TesterValues {
  original: string;
  reformulated: string;
  type: ReformulationType;
  confidence: string;
  evidence: GoalEvidence[];
}

// Seed 000's three examples, verbatim, to start from.
export const SEED_EXAMPLES: { label: string; values: TesterValues }[] = [
  {
    label: "Crypto markets (allowed)",
    values: {
      original: "What happened in crypto markets today?",
      reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
      type: "scope_narrowing",
      confidence: "0.92",
      evidence: [{ id: "market-availability", text: "Market availability data shows only top 5 have reliable feeds" }],
    },
  },
  {
    label: "Apple + Google (DTL-STRAT-007)",
    values: {
      original: "Summarize Apple earnings",
      reformulated: "Summarize Apple and Google earnings",
      type: "scope_narrowing",
      confidence: "0.88",
      evidence: [],
    },
  },
  {
    label: "Weather in New York (DTL-STRAT-009)",
    values: {
      original: "What is the weather forecast?",
      reformulated: "Weather in New York for next week",
      type: "clarification",
      confidence: "0.95",
      evidence: [],
    },
  },
];
