"use server";

import { TestFieldValueInput } from "@/lib/fields-editor/field-action-schemas";
import { testFieldValue } from "@/lib/fields-editor/field-value-tester";
import { defineAction } from "@/lib/server/define-action";

// The validation-rule tester. Run on the server, in the runtime the sensor runs in; read-only and
// about the rules as typed, so a viewer may try values too.
export const testFieldValueAction = defineAction(
  { name: "testFieldValue", role: "viewer", schema: TestFieldValueInput },
  async (input) => testFieldValue(input.field_type, input.validation_rules, input.value),
);
