import { z } from "zod";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";

// Response bodies of the conversation-test routes beyond a single case or run: declared by the routes,
// drawn by lib/conversation-tests/test-openapi-paths.ts.

export const TestList = z.object({ tests: z.array(BundleTestCase) });
export const RunList = z.object({
  runs: z.array(TestRunViewSchema).describe("Newest first; `report` is null in the list: read the run for it"),
});
export const DeletedTestBody = z.object({ deleted: z.string() });
export const TestProposalBody = z.object({ agent_key: z.string(), test: BundleTestCase });
