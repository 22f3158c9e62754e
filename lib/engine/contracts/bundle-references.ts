import { resolveAgentSettings } from "./agent-settings";
import type { Bundle, BundleRule, BundleScenario, BundleTool } from "./bundle";
import type { BundleIssue } from "./bundle-issue";
import { checkMoneyVariables } from "./bundle-money-checks";
import { parseToolOutputPath, pathInputs } from "./tool-output-path";

type Add = (path: string, message: string) => void;

/**
 * Checks what zod cannot see field by field: duplicate keys, references between entities (by key),
 * lane consistency and cross-field settings. Every problem is reported, each at its JSON path.
 */
export function validateBundleReferences(bundle: Bundle): BundleIssue[] {
  const issues: BundleIssue[] = [];
  const add: Add = (path, message) => issues.push({ path, message });

  const fields = firstIndexByKey(bundle.profile_fields, (f) => f.field_name, "profile_fields", "field_name", add);
  const variables = firstIndexByKey(bundle.variables, (v) => v.name, "variables", "name", add);
  const tools = firstIndexByKey(bundle.tools, (t) => t.key, "tools", "key", add);
  const scenarios = firstIndexByKey(bundle.scenarios, (s) => s.key, "scenarios", "key", add);
  firstIndexByKey(bundle.rules, (r) => r.key, "rules", "key", add);

  bundle.variables.forEach((variable, i) => {
    const field = fields.get(variable.name);
    if (field !== undefined) {
      add(
        `variables[${i}].name`,
        `"${variable.name}" is already declared by profile_fields[${field}]; use another name`,
      );
    }
  });
  bundle.tools.forEach((tool, i) => {
    checkTool(tool, `tools[${i}]`, fields, variables, add);
  });
  bundle.scenarios.forEach((scenario, i) => {
    checkScenario(scenario, `scenarios[${i}]`, add);
  });
  bundle.rules.forEach((rule, i) => {
    checkRule(rule, `rules[${i}]`, bundle, scenarios, tools, add);
  });
  firstIndexByKey(bundle.knowledge_sources, (k) => k.key, "knowledge_sources", "key", add);
  bundle.knowledge_sources.forEach((source, i) => {
    checkScope(source, `knowledge_sources[${i}]`, "knowledge source", bundle, scenarios, add);
  });
  checkMoneyVariables(bundle, add);
  checkSettings(bundle, add);
  checkNoNulCharacters(bundle, "", add);
  return issues;
}

/** Key → index of its first use; later uses are reported as duplicates. */
function firstIndexByKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  base: string,
  field: string,
  add: Add,
): Map<string, number> {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else add(`${base}[${i}].${field}`, `Duplicate "${key}": ${base}[${first}] already uses it`);
  });
  return seen;
}

const known = (keys: Iterable<string>) => {
  const list = [...keys];
  return list.length > 0 ? `known: ${list.join(", ")}` : "there are none";
};

function checkTool(
  tool: BundleTool,
  at: string,
  fields: Map<string, number>,
  variables: Map<string, number>,
  add: Add,
): void {
  const properties = Object.keys(tool.input_schema.properties);
  tool.input_schema.required.forEach((name, j) => {
    if (!properties.includes(name)) {
      add(`${at}.input_schema.required[${j}]`, `"${name}" is not in input_schema.properties (${known(properties)})`);
    }
  });
  for (const [name, path] of Object.entries(tool.output.variables)) {
    const where = `${at}.output.variables.${name}`;
    const field = fields.get(name);
    const variable = variables.get(name);
    if (field !== undefined) add(where, `"${name}" is already declared by profile_fields[${field}]; use another name`);
    if (variable !== undefined) add(where, `"${name}" is already declared by variables[${variable}]; use another name`);
    const steps = parseToolOutputPath(path);
    if (!steps) {
      add(where, `"${path}" is not an output path; write e.g. items[id={order_id}].amount or items[0].status`);
      continue;
    }
    for (const input of pathInputs(steps)) {
      if (!properties.includes(input)) {
        add(
          where,
          `The path refers to input "${input}", which is not in input_schema.properties (${known(properties)})`,
        );
      }
    }
  }
  if (tool.kind === "http") {
    const { url, query, headers, body } = tool.output;
    const places: [string, string, string][] = [[`${at}.output.url`, "The URL", url]];
    for (const [name, value] of Object.entries(query ?? {}))
      places.push([`${at}.output.query.${name}`, "The query", value]);
    for (const [name, value] of Object.entries(headers ?? {}))
      places.push([`${at}.output.headers.${name}`, "The header", value]);
    for (const text of jsonStrings(body)) places.push([`${at}.output.body`, "The body", text]);
    for (const [where, what, template] of places) {
      for (const match of template.matchAll(/\{([^}]*)\}/g)) {
        const input = match[1] ?? "";
        if (!properties.includes(input)) {
          add(where, `${what} refers to input "${input}", which is not in input_schema.properties`);
        }
      }
    }
  }
}

/** Every string in a JSON value (a body template's placeholders live in its strings). */
function jsonStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(jsonStrings);
  return [];
}

function checkScenario(scenario: BundleScenario, at: string, add: Add): void {
  const steps = firstIndexByKey(scenario.steps, (s) => s.key, `${at}.steps`, "key", add);
  const stepList = () => known(steps.keys());
  if (!steps.has(scenario.entry_step)) {
    add(`${at}.entry_step`, `No step "${scenario.entry_step}" in this scenario (${stepList()})`);
  }
  const pairs = new Map<string, number>();
  scenario.transitions.forEach((transition, k) => {
    const where = `${at}.transitions[${k}]`;
    const from = steps.get(transition.from);
    if (from === undefined) add(`${where}.from`, `No step "${transition.from}" in this scenario (${stepList()})`);
    else if (scenario.steps[from]?.is_terminal) {
      add(
        `${where}.from`,
        `Step "${transition.from}" is terminal: the scenario ends there, so no transition leaves it`,
      );
    }
    if (!steps.has(transition.to)) add(`${where}.to`, `No step "${transition.to}" in this scenario (${stepList()})`);
    const pair = `${transition.from}\u0000${transition.to}`;
    const first = pairs.get(pair);
    if (first === undefined) pairs.set(pair, k);
    else
      add(where, `Duplicate transition ${transition.from} → ${transition.to} (see transitions[${first}]); merge them`);
  });
}

/** A rule's or knowledge source's `scope_ref`: null for GLOBAL, a scenario key, or "scenario_key/step_key". */
function checkScope(
  item: { scope: "GLOBAL" | "SCENARIO" | "STEP"; scope_ref: string | null },
  at: string,
  noun: string,
  bundle: Bundle,
  scenarios: Map<string, number>,
  add: Add,
): void {
  const ref = item.scope_ref;
  if (item.scope === "GLOBAL") {
    if (ref !== null) add(`${at}.scope_ref`, `A GLOBAL ${noun} applies everywhere: scope_ref must be null`);
  } else if (ref === null) {
    const form = item.scope === "SCENARIO" ? "the scenario's key" : '"scenario_key/step_key"';
    add(`${at}.scope_ref`, `A ${item.scope} ${noun} needs scope_ref: ${form}`);
  } else if (item.scope === "SCENARIO") {
    if (!scenarios.has(ref)) add(`${at}.scope_ref`, `No scenario "${ref}" (${known(scenarios.keys())})`);
  } else {
    const parts = ref.split("/");
    const scenarioIndex = parts.length === 2 ? scenarios.get(parts[0] ?? "") : undefined;
    const scenario = scenarioIndex === undefined ? undefined : bundle.scenarios[scenarioIndex];
    if (parts.length !== 2)
      add(`${at}.scope_ref`, `A STEP ${noun}'s scope_ref is "scenario_key/step_key", not "${ref}"`);
    else if (!scenario) add(`${at}.scope_ref`, `No scenario "${parts[0]}" (${known(scenarios.keys())})`);
    else if (!scenario.steps.some((s) => s.key === parts[1])) {
      add(
        `${at}.scope_ref`,
        `No step "${parts[1]}" in scenario "${parts[0]}" (${known(scenario.steps.map((s) => s.key))})`,
      );
    }
  }
}

function checkRule(
  rule: BundleRule,
  at: string,
  bundle: Bundle,
  scenarios: Map<string, number>,
  tools: Map<string, number>,
  add: Add,
): void {
  checkScope(rule, at, "rule", bundle, scenarios, add);

  const attached = new Set<string>();
  rule.attached_tools.forEach((key, j) => {
    if (!tools.has(key)) add(`${at}.attached_tools[${j}]`, `No tool "${key}" (${known(tools.keys())})`);
    if (attached.has(key)) add(`${at}.attached_tools[${j}]`, `Tool "${key}" is listed twice`);
    attached.add(key);
  });

  const expression = rule.enforcement_expression;
  if (rule.enforcement_lane === "subjective" && expression !== null) {
    add(
      `${at}.enforcement_expression`,
      'A subjective rule is judged by the model (lane 2) and has no expression: remove it, or set enforcement_lane to "deterministic"',
    );
  } else if (!rule.is_hard_constraint && expression !== null) {
    add(
      `${at}.enforcement_expression`,
      "Only hard constraints are enforced: set is_hard_constraint to true, or remove the expression",
    );
  } else if (rule.is_hard_constraint && rule.enforcement_lane === "deterministic" && expression === null) {
    add(
      `${at}.enforcement_expression`,
      'A deterministic hard constraint needs a CEL enforcement_expression (e.g. refund_amount <= 50), or set enforcement_lane to "subjective" to have the model judge it',
    );
  }
}

function checkSettings(bundle: Bundle, add: Add): void {
  const { fatigue } = resolveAgentSettings(bundle.agent.settings);
  if (fatigue.critical_threshold > fatigue.max_fatigue) {
    add(
      "agent.settings.fatigue.critical_threshold",
      `${fatigue.critical_threshold} is above max_fatigue (${fatigue.max_fatigue}): fatigue could never force finalization`,
    );
  }
}

/** PostgreSQL text and jsonb cannot hold U+0000; refuse it here with a path rather than fail on insert. */
function checkNoNulCharacters(value: unknown, at: string, add: Add): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) add(at || "(root)", "Contains a NUL character (U+0000), which cannot be stored");
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      checkNoNulCharacters(item, `${at}[${i}]`, add);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (key.includes("\u0000"))
        add(at || "(root)", "A key contains a NUL character (U+0000), which cannot be stored");
      checkNoNulCharacters(item, path, add);
    }
  }
}
