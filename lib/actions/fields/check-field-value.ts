"use server";

import { TestFieldValueInput } from "@/lib/fields/field-action-schemas";
import { defineTesterAction } from "@/lib/testers/server/define-tester-action";
import { runTesterJobOffThread } from "@/lib/testers/server/tester-pool";

// A value is a few words and rules are short predicates: 1 s is thousands of times what a test takes.
const TEST_TIME_LIMIT_MS = 1000;

// The validation-rule tester. Run on the server, in the runtime the sensor runs in, on the tester
// worker, about the rules as typed.
export const checkFieldValueAction = defineTesterAction(
  { name: "checkFieldValue", schema: TestFieldValueInput },
  async (input) =>
    runTesterJobOffThread(
      { kind: "field_value", fieldType: input.field_type, validationRules: input.validation_rules, value: input.value },
      TEST_TIME_LIMIT_MS,
      "The rules took longer than 1 s on this value and were stopped. Use fewer rules or a shorter value.",
    ),
);
