import { expressionVariables } from "@/lib/engine/cel/evaluate-expression";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { totalNameOf } from "@/lib/engine/contracts/money-variable";
import { parseToolOutputPath, pathInputs } from "@/lib/engine/contracts/tool-output-path";

// Who refers to a CEL variable by name, and who declares it. Profile fields, response variables and
// tool outputs share one namespace (bundle-references.ts), so a name is declared at most once.

export interface NameUse {
  /** Rules whose enforcement expression reads the name. */
  rules: { key: string; expression: string }[];
  /**
   * Tools with an input of that name. run-tools.ts fills inputs from session variables, then profile
   * fields (lookupVariable), so only a profile field (or another tool's output) can feed one; response
   * variables are extracted after tools have run.
   */
  tools: string[];
}

/** Every name some rule or tool refers to; absent names are used by nothing. */
export function nameUses(bundle: Pick<Bundle, "rules" | "tools">): Map<string, NameUse> {
  const uses = new Map<string, NameUse>();
  const use = (name: string) => {
    let entry = uses.get(name);
    if (!entry) {
      entry = { rules: [], tools: [] };
      uses.set(name, entry);
    }
    return entry;
  };
  for (const rule of bundle.rules) {
    const expression = rule.enforcement_expression;
    if (expression === null || expression.trim() === "") continue;
    for (const name of new Set(expressionVariables(expression))) use(name).rules.push({ key: rule.key, expression });
  }
  for (const tool of bundle.tools) {
    // The inputs run-tools.ts looks up: declared properties and those an output path selects by.
    const inputs = new Set(Object.keys(tool.input_schema.properties));
    for (const path of Object.values(tool.output.variables)) {
      for (const input of pathInputs(parseToolOutputPath(path) ?? [])) inputs.add(input);
    }
    for (const name of inputs) use(name).tools.push(tool.key);
  }
  return uses;
}

export type Declarer =
  | { kind: "profile_field"; name: string }
  | { kind: "variable"; name: string; totalOf?: string }
  | { kind: "tool_output"; name: string; tool: string };

/** Who declares each name: profile fields, then response variables, then tool outputs (first wins). */
export function declarers(bundle: Pick<Bundle, "profile_fields" | "variables" | "tools">): Map<string, Declarer> {
  const found = new Map<string, Declarer>();
  const declare = (declarer: Declarer) => {
    if (!found.has(declarer.name)) found.set(declarer.name, declarer);
  };
  for (const field of bundle.profile_fields) declare({ kind: "profile_field", name: field.field_name });
  for (const variable of bundle.variables) declare({ kind: "variable", name: variable.name });
  for (const variable of bundle.variables) {
    if (variable.type === "money")
      declare({ kind: "variable", name: totalNameOf(variable.name), totalOf: variable.name });
  }
  for (const tool of bundle.tools) {
    for (const name of Object.keys(tool.output.variables)) declare({ kind: "tool_output", name, tool: tool.key });
  }
  return found;
}

/** "the profile field tier", "an output of tool lookup_order". */
export function describeDeclarer(declarer: Declarer): string {
  switch (declarer.kind) {
    case "profile_field":
      return `the profile field ${declarer.name}`;
    case "variable":
      return declarer.totalOf
        ? `the total of the money variable ${declarer.totalOf}`
        : `the response variable ${declarer.name}`;
    case "tool_output":
      return `an output of tool ${declarer.tool}`;
  }
}

/** "rule max-refund (refund_amount <= 50)", "rules a (…) and b (…)", "tool lookup_order". */
export function describeUse(use: NameUse): string {
  const parts: string[] = [];
  if (use.rules.length > 0) {
    const rules = use.rules.map((r) => `${r.key} (${r.expression})`);
    parts.push(`${use.rules.length === 1 ? "rule" : "rules"} ${listWords(rules)}`);
  }
  if (use.tools.length > 0) {
    parts.push(`${use.tools.length === 1 ? "the input of tool" : "the inputs of tools"} ${listWords(use.tools)}`);
  }
  return listWords(parts);
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
