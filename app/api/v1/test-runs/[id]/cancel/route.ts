import { cancelTestRun } from "@/lib/conversation-tests/server/test-runs";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { TestRunIdParams } from "../../../params";

// POST /api/v1/test-runs/{id}/cancel → the run; its worker thread is stopped within a second.
export const POST = defineRoute(
  { scope: "turns:write", params: TestRunIdParams, response: TestRunViewSchema },
  async ({ db, params }) => cancelTestRun(db, params.id),
);
