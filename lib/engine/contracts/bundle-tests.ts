import { checkExpression } from "../cel/check-expression";
import { compileDesignerPattern } from "../regex/compile-designer-pattern";
import type { Bundle } from "./bundle";
import { declaredVariables } from "./bundle-expressions";
import type { BundleIssue } from "./bundle-issue";
import type { BundleTestCase, ConversationAssertion, TurnAssertion } from "./test-case";

/**
 * Every test case checked against the configuration it tests: rule, scenario and step keys that
 * exist, CEL assertions that parse and type-check against the declared variables, patterns the
 * linear-time engine runs, and unique case keys. Paths are relative to `base` ("tests[3]").
 */
export function validateTestCases(
  bundle: Pick<Bundle, "rules" | "scenarios" | "profile_fields" | "variables" | "tools"> &
    Partial<Pick<Bundle, "knowledge_sources">>,
  cases: readonly BundleTestCase[],
  base = "tests",
): BundleIssue[] {
  const issues: BundleIssue[] = [];
  const rules = new Set(bundle.rules.map((r) => r.key));
  const scenarios = new Set(bundle.scenarios.map((s) => s.key));
  const steps = new Set(bundle.scenarios.flatMap((s) => s.steps.map((st) => `${s.key}/${st.key}`)));
  const tools = new Set(bundle.tools.map((t) => t.key));
  const sources = new Set((bundle.knowledge_sources ?? []).flatMap((k) => [k.key, k.title]));
  const declarations = declaredVariables(bundle);
  const seen = new Map<string, number>();
  const near = (set: Set<string>) => (set.size ? ` Known: ${[...set].sort().slice(0, 12).join(", ")}.` : "");

  const checkAssertion = (assertion: TurnAssertion | ConversationAssertion, path: string) => {
    if ("rule" in assertion && !rules.has(assertion.rule)) {
      issues.push({ path: `${path}.rule`, message: `No rule "${assertion.rule}" in this agent.${near(rules)}` });
    }
    if ("step" in assertion && !steps.has(assertion.step)) {
      issues.push({ path: `${path}.step`, message: `No step "${assertion.step}" in this agent.${near(steps)}` });
    }
    if (assertion.kind === "scenario_is" && assertion.scenario !== null && !scenarios.has(assertion.scenario)) {
      issues.push({
        path: `${path}.scenario`,
        message: `No scenario "${assertion.scenario}" in this agent.${near(scenarios)}`,
      });
    }
    if (assertion.kind === "asks_for_approval" && assertion.tool !== undefined && !tools.has(assertion.tool)) {
      issues.push({ path: `${path}.tool`, message: `No tool "${assertion.tool}" in this agent.${near(tools)}` });
    }
    if (assertion.kind === "cites" && !sources.has(assertion.source)) {
      issues.push({
        path: `${path}.source`,
        message: `No knowledge source "${assertion.source}" in this agent (its id or title).${near(sources)}`,
      });
    }
    if (assertion.kind === "cel") {
      const check = checkExpression(assertion.expression, declarations, { resultType: "bool" });
      if (!check.ok) issues.push({ path: `${path}.expression`, message: check.message });
    }
    if (assertion.kind === "reply_matches") {
      const compiled = compileDesignerPattern(assertion.pattern, { caseInsensitive: true });
      if (!compiled.ok) issues.push({ path: `${path}.pattern`, message: compiled.message });
    }
  };

  for (const [i, testCase] of cases.entries()) {
    const at = `${base}[${i}]`;
    const first = seen.get(testCase.key);
    if (first !== undefined) {
      issues.push({ path: `${at}.key`, message: `"${testCase.key}" is already the key of ${base}[${first}]` });
    } else seen.set(testCase.key, i);
    for (const [t, turn] of testCase.turns.entries()) {
      for (const [k, a] of turn.assertions.entries()) checkAssertion(a, `${at}.turns[${t}].assertions[${k}]`);
    }
    for (const [k, a] of testCase.assertions.entries()) checkAssertion(a, `${at}.assertions[${k}]`);
  }
  return issues;
}
