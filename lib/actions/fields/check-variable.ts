"use server";

import { TestVariableInput } from "@/lib/fields/field-action-schemas";
import { defineTesterAction } from "@/lib/testers/server/define-tester-action";
import { runTesterJobOffThread } from "@/lib/testers/server/tester-pool";

// The demo's three variables take about 120 ms on a 50,000-character reply (the input's limit),
// normalization and money parsing included; 1 s leaves room for many patterns and stops the rest.
const TEST_TIME_LIMIT_MS = 1000;

// The pattern tester. Run on the server, in the runtime the draft loop runs in (regex and Unicode
// normalization behave as they will on a turn), on the tester worker.
export const checkVariableAction = defineTesterAction(
  { name: "checkVariable", schema: TestVariableInput },
  async ({ reply, ...variable }) =>
    runTesterJobOffThread(
      { kind: "variable", variable, reply },
      TEST_TIME_LIMIT_MS,
      "The patterns took longer than 1 s on this reply and were stopped. Use fewer patterns or a shorter reply.",
    ),
);
