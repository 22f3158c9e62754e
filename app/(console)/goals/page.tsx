import type { Metadata } from "next";
import { GoalTesterPage } from "@/components/goals/goal-tester-page";
import { definePage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";

export const metadata: Metadata = { title: "Goal tester" };

// Every role may use the tester: it computes a verdict and stores nothing.
async function GoalsPage() {
  await requireOperator();
  return <GoalTesterPage />;
}

export default definePage(GoalsPage);
