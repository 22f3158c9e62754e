import type { CelDeclarations } from "@/lib/engine/cel/cel-environment";
import { evaluateExpression } from "@/lib/engine/cel/evaluate-expression";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import { testFieldValue } from "@/lib/fields/field-value-tester";
import { testResponseVariable } from "@/lib/fields/variable-tester";

// What the console's testers run on typed input: the engine's own code, given plain data so that it can
// cross into the tester worker (structured clone) and back. No I/O and no server-only imports: this
// module is the worker's whole program.

export type TesterJob =
  | {
      kind: "variable";
      variable: Parameters<typeof testResponseVariable>[0];
      reply: string;
    }
  | {
      kind: "field_value";
      fieldType: ProfileField["field_type"];
      validationRules: string[];
      value: string;
    }
  | {
      kind: "rule_expression";
      expression: string;
      declarations: CelDeclarations;
      values: Record<string, unknown>;
    };

export type TesterResult<J extends TesterJob> = J extends { kind: "variable" }
  ? ReturnType<typeof testResponseVariable>
  : J extends { kind: "field_value" }
    ? ReturnType<typeof testFieldValue>
    : ReturnType<typeof evaluateExpression>;

export function runTesterJob<J extends TesterJob>(job: J): TesterResult<J> {
  switch (job.kind) {
    case "variable":
      return testResponseVariable(job.variable, job.reply) as TesterResult<J>;
    case "field_value":
      return testFieldValue(job.fieldType, job.validationRules, job.value) as TesterResult<J>;
    case "rule_expression":
      return evaluateExpression(job.expression, job.declarations, job.values) as TesterResult<J>;
  }
}
