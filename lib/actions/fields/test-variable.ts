"use server";

import { TestVariableInput } from "@/lib/fields-editor/field-action-schemas";
import { testResponseVariable } from "@/lib/fields-editor/variable-tester";
import { runWithTimeLimit } from "@/lib/server/agents/fields/run-with-time-limit";
import { defineAction } from "@/lib/server/define-action";

// The demo's three variables take about 120 ms on a 50,000-character reply (the input's limit),
// normalization and money parsing included; 1 s leaves room for heavier but sane patterns and stops a
// catastrophic one before it holds the server (run-with-time-limit.test.ts measures both).
const TEST_TIME_LIMIT_MS = 1000;

// The pattern tester. Run on the server, in the runtime the draft loop runs in (regex and Unicode
// normalization behave as they will on a turn); read-only, so a viewer may try replies too.
export const testVariableAction = defineAction(
  { name: "testVariable", role: "viewer", schema: TestVariableInput },
  async (input) =>
    runWithTimeLimit(
      () => testResponseVariable(input, input.reply),
      TEST_TIME_LIMIT_MS,
      "The patterns took longer than 1 s on this reply and were stopped: one backtracks catastrophically (a nested quantifier such as (a+)+ or (\\w+\\s?)+). Simplify it; on a turn it would stall every reply.",
    ),
);
