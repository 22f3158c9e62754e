"use server";

import { TestVariableInput } from "@/lib/fields-editor/field-action-schemas";
import { testResponseVariable } from "@/lib/fields-editor/variable-tester";
import { defineAction } from "@/lib/server/define-action";

// The pattern tester. Run on the server, in the runtime the draft loop runs in (regex and Unicode
// normalization behave as they will on a turn); read-only, so a viewer may try replies too.
export const testVariableAction = defineAction(
  { name: "testVariable", role: "viewer", schema: TestVariableInput },
  async (input) => testResponseVariable(input, input.reply),
);
