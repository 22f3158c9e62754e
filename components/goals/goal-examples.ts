import type { GoalEvidence, ReformulationType } from "@/lib/engine/contracts/goal-state";

/** The tester's form: confidence stays text while typed, so "0." is not rejected mid-edit. */
export interface TesterValues {
  original: string;
  reformulated: string;
  type: ReformulationType;
  confidence: string;
  evidence: GoalEvidence[];
}

// Refund-desk examples to start from, one per outcome a designer meets: accepted, and the first
// failing criterion of each kind (their codes are checked in goal-examples.test.ts).
export const GOAL_EXAMPLES: { label: string; values: TesterValues }[] = [
  {
    label: "Naming the order (allowed)",
    values: {
      original: "I want a refund for my order",
      reformulated: "I want a refund for order 123",
      type: "scope_narrowing",
      confidence: "0.93",
      evidence: [{ id: "var:order_id", text: "order_id: 123" }],
    },
  },
  {
    label: "Unsure store credit (DTL-STRAT-007)",
    values: {
      original: "How much will I get back for order 123?",
      reformulated: "How much will I get back for order 123 as store credit?",
      type: "constraint_addition",
      confidence: "0.7",
      evidence: [],
    },
  },
  {
    label: "Another order's topic (DTL-STRAT-008)",
    values: {
      original: "Refund my shoes order",
      reformulated: "Track my jacket order",
      type: "clarification",
      confidence: "0.95",
      evidence: [{ id: "var:orders", text: "orders: shoes (order 123), jacket (order 456)" }],
    },
  },
  {
    label: "Adding a second order (DTL-STRAT-010)",
    values: {
      original: "Refund my shoes order",
      reformulated: "Refund my shoes order and my jacket order",
      type: "scope_narrowing",
      confidence: "0.94",
      evidence: [{ id: "var:orders", text: "orders: shoes (order 123), jacket (order 456)" }],
    },
  },
];
