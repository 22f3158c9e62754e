import { PageHeader } from "@/components/ui/page-header";
import { GoalTester } from "./goal-tester";

export function GoalTesterPage() {
  return (
    <>
      <PageHeader
        title="Goal tester"
        description="Check whether an agent may restate a customer's goal this way. Five criteria, in order: confidence ≥ 0.9, at least 95 % of the original's words kept (token mapping), at least one supporting evidence item, no widening of scope, and an original to go back to. The same check runs on POST /api/v1/goal-reformulations/validate."
      />
      <GoalTester />
    </>
  );
}
