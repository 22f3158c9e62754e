import { PageHeader } from "@/components/ui/page-header";
import { GoalTester } from "./goal-tester";

export function GoalTesterPage() {
  return (
    <>
      <PageHeader
        title="Goal tester"
        description="Check a goal reformulation against seed 000's five criteria: confidence ≥ 0.9, intent preservation ≥ 0.95 (token mapping), at least one supporting evidence item, no scope expansion, reversible. The same check runs on POST /api/v1/goal-reformulations/validate."
      />
      <GoalTester />
    </>
  );
}
