import { z } from "zod";
import { expressionVariables } from "@/lib/engine/cel/evaluate-expression";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { declarers, nameUses } from "@/lib/fields/name-uses";

// Who still refers to one configuration entity: what a delete must not leave dangling. Rules point at
// scenarios and steps (scope_ref), tools (attached_tools) and names (enforcement_expression); tools read
// profile fields as inputs; conversation tests name rules, scenarios, steps and tools in assertions.

export const ConfigReference = z.object({
  kind: z.enum(["rule", "tool", "test", "knowledge_source"]),
  key: z.string(),
  /** The field naming the entity: "scope_ref", "attached_tools", "turns[0].assertions[1]". */
  field: z.string(),
});
export type ConfigReference = z.infer<typeof ConfigReference>;

export type ReferencedEntity = "rule" | "scenario" | "tool" | "profile_field" | "variable" | "knowledge_source";

type Assertion = BundleTestCase["turns"][number]["assertions"][number] | BundleTestCase["assertions"][number];

/** The entity keys an assertion names for this kind of entity ("refund/verify" names scenario refund). */
function namedBy(assertion: Assertion, entity: ReferencedEntity): readonly (string | null | undefined)[] {
  switch (assertion.kind) {
    case "rule_fired":
    case "rule_not_fired":
    case "rule_violated":
    case "rule_not_violated":
      return entity === "rule" ? [assertion.rule] : [];
    case "scenario_is":
      return entity === "scenario" ? [assertion.scenario] : [];
    case "step_is":
    case "reaches_step":
      return entity === "scenario" ? [assertion.step.split("/")[0]] : [];
    case "asks_for_approval":
      return entity === "tool" ? [assertion.tool] : [];
    case "cites":
      return entity === "knowledge_source" ? [assertion.source] : [];
    case "cel":
      // A CEL assertion reads profile fields and response variables by name.
      return entity === "profile_field" || entity === "variable" ? expressionVariables(assertion.expression) : [];
    default:
      return [];
  }
}

function testReferences(tests: readonly BundleTestCase[], entity: ReferencedEntity, key: string): ConfigReference[] {
  return tests.flatMap((test) => [
    ...test.turns.flatMap((turn, i) =>
      turn.assertions.flatMap((a, j) =>
        namedBy(a, entity).includes(key)
          ? [{ kind: "test" as const, key: test.key, field: `turns[${i}].assertions[${j}]` }]
          : [],
      ),
    ),
    ...test.assertions.flatMap((a, j) =>
      namedBy(a, entity).includes(key) ? [{ kind: "test" as const, key: test.key, field: `assertions[${j}]` }] : [],
    ),
  ]);
}

/** Rules and tools reading these names, where nothing else left in `rest` declares them. */
function nameReferences(bundle: Bundle, rest: Bundle, names: readonly string[], tools: boolean): ConfigReference[] {
  const uses = nameUses(bundle);
  const stillDeclared = declarers(rest);
  return names
    .filter((name) => !stillDeclared.has(name))
    .flatMap((name) => [
      ...(uses.get(name)?.rules ?? []).map((r) => ({
        kind: "rule" as const,
        key: r.key,
        field: "enforcement_expression",
      })),
      ...(tools ? (uses.get(name)?.tools ?? []) : []).map((t) => ({
        kind: "tool" as const,
        key: t,
        field: "input_schema",
      })),
    ]);
}

function configReferences(bundle: Bundle, entity: ReferencedEntity, key: string): ConfigReference[] {
  const rules = (test: (rule: Bundle["rules"][number]) => boolean, field: string) =>
    bundle.rules.filter(test).map((rule) => ({ kind: "rule" as const, key: rule.key, field }));
  const scopedIn = (item: { scope_ref: string | null }) =>
    item.scope_ref === key || (item.scope_ref?.startsWith(`${key}/`) ?? false);
  switch (entity) {
    case "rule":
    case "knowledge_source":
      return [];
    case "scenario":
      return [
        ...rules(scopedIn, "scope_ref"),
        ...bundle.knowledge_sources
          .filter(scopedIn)
          .map((source) => ({ kind: "knowledge_source" as const, key: source.key, field: "scope_ref" })),
      ];
    case "tool": {
      const tool = bundle.tools.find((t) => t.key === key);
      const rest = { ...bundle, tools: bundle.tools.filter((t) => t.key !== key) };
      const outputs = Object.keys(tool?.output.variables ?? {});
      return [
        ...rules((r) => r.attached_tools.includes(key), "attached_tools"),
        ...nameReferences(bundle, rest, outputs, false),
      ];
    }
    case "profile_field": {
      const rest = { ...bundle, profile_fields: bundle.profile_fields.filter((f) => f.field_name !== key) };
      return nameReferences(bundle, rest, [key], true);
    }
    case "variable": {
      const rest = { ...bundle, variables: bundle.variables.filter((v) => v.name !== key) };
      return nameReferences(bundle, rest, [key], false);
    }
  }
}

/** Everything in the agent that names the entity `key` of this kind; empty: it may be deleted. */
export function referencesTo(bundle: Bundle, entity: ReferencedEntity, key: string): ConfigReference[] {
  // A test cites a knowledge source by its id or by its title.
  const title = entity === "knowledge_source" ? bundle.knowledge_sources.find((k) => k.key === key)?.title : undefined;
  return [
    ...configReferences(bundle, entity, key),
    ...testReferences(bundle.tests, entity, key),
    ...(title && title !== key ? testReferences(bundle.tests, entity, title) : []),
  ];
}

/** "rule late-refund, test t1": who refers to it, each once, the first 5 named. */
export function describeReferences(references: readonly ConfigReference[]): string {
  const who = [...new Set(references.map((r) => `${r.kind} ${r.key}`))];
  const more = who.length > 5 ? ` and ${who.length - 5} more` : "";
  return `${who.slice(0, 5).join(", ")}${more}`;
}
