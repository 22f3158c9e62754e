"use server";

import { TestFieldValueInput } from "@/lib/fields-editor/field-action-schemas";
import { testFieldValue } from "@/lib/fields-editor/field-value-tester";
import { runWithTimeLimit } from "@/lib/server/agents/fields/run-with-time-limit";
import { defineAction } from "@/lib/server/define-action";

// A value is a few words and rules are short predicates: 1 s is thousands of times what a test takes,
// and only a catastrophic regex in matches() gets near it.
const TEST_TIME_LIMIT_MS = 1000;

// The validation-rule tester. Run on the server, in the runtime the sensor runs in; read-only and
// about the rules as typed, so a viewer may try values too.
export const testFieldValueAction = defineAction(
  { name: "testFieldValue", role: "viewer", schema: TestFieldValueInput },
  async (input) =>
    runWithTimeLimit(
      () => testFieldValue(input.field_type, input.validation_rules, input.value),
      TEST_TIME_LIMIT_MS,
      "The rules took longer than 1 s on this value and were stopped: a regex in matches() backtracks catastrophically (a nested quantifier such as (a+)+). Simplify it; on a turn it would stall the sensor.",
    ),
);
