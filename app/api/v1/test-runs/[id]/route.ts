import { getTestRunView } from "@/lib/conversation-tests/server/test-runs";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { TestRunIdParams } from "../../params";

// GET /api/v1/test-runs/{id} → {status, progress, summary, report (when done): per case pass^1, pass^k, failures}.
export const GET = defineRoute(
  { scope: "agents:read", params: TestRunIdParams, response: TestRunViewSchema },
  async ({ db, params }) => {
    const run = await getTestRunView(db, params.id);
    if (!run) throw new AppError("NOT_FOUND", `No test run with id ${params.id}.`);
    return run;
  },
);
