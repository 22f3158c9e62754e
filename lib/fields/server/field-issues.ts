import type { Bundle } from "@/lib/engine/contracts/bundle";
import { validateBundleExpressions } from "@/lib/engine/contracts/bundle-expressions";
import type { BundleIssue } from "@/lib/engine/contracts/bundle-issue";
import { validateBundleReferences } from "@/lib/engine/contracts/bundle-references";
import type { ProfileField, ResponseVariable } from "@/lib/fields/field-action-schemas";
import { declarers, describeDeclarer, describeUse, type NameUse, nameUses } from "@/lib/fields/name-uses";
import { AppError, type FieldIssue } from "@/lib/server/errors";
import { plural } from "@/lib/text/plural";

// A profile field or response variable change checked against the whole agent, as the rule editor
// does (rule-issues.ts): the change is applied to the agent's bundle and run through the checks a
// bundle import runs. What the designer sees:
// - the entity's own problems (a validation rule that does not parse, a pattern without a capture
//   group) as field errors;
// - a name another field, variable or tool output already declares as a field error on the name;
// - a rename or delete of a name that rules (or, for profile fields, tool inputs) use: refused, naming
//   them — the change would leave them reading a variable nobody provides;
// - a type change that breaks a rule's expression (`refund_amount <= 50` over a string): refused,
//   naming the rule.
// Problems elsewhere in the stored configuration that this change did not cause do not block it.

// Bundle.profile_fields and Bundle.variables: .max(200) each (bundle.ts).
const MAX_ENTITIES = 200;

type Kind = "profile_field" | "variable";

interface KindInfo {
  /** The bundle array and the form's name and type fields. */
  array: "profile_fields" | "variables";
  nameField: "field_name" | "name";
  typeField: "field_type" | "type";
  /** The list field whose items are numbered in messages, and their word. */
  listField: "validation_rules" | "patterns";
  itemWord: string;
  noun: string;
}

const KINDS: Record<Kind, KindInfo> = {
  profile_field: {
    array: "profile_fields",
    nameField: "field_name",
    typeField: "field_type",
    listField: "validation_rules",
    itemWord: "Rule",
    noun: "profile field",
  },
  variable: {
    array: "variables",
    nameField: "name",
    typeField: "type",
    listField: "patterns",
    itemWord: "Pattern",
    noun: "response variable",
  },
};

/**
 * What refers to the name: rules always; tools only for profile fields, because a tool input is
 * looked up in session variables and then profile fields, never among response variables.
 */
function usesOf(bundle: Bundle, kind: Kind, name: string): NameUse | null {
  const use = nameUses(bundle).get(name);
  if (!use) return null;
  const relevant = { rules: use.rules, tools: kind === "profile_field" ? use.tools : [] };
  return relevant.rules.length + relevant.tools.length > 0 ? relevant : null;
}

function allIssues(bundle: Bundle): BundleIssue[] {
  return [...validateBundleReferences(bundle), ...validateBundleExpressions(bundle)];
}

const issueKey = (issue: BundleIssue) => `${issue.path}\u0000${issue.message}`;

/** The problems of `entity` as it would sit in the agent (replacing the one named `replacing`, or added). */
function entityIssues(
  bundle: Bundle,
  kind: Kind,
  entity: ProfileField | ResponseVariable,
  replacing: string | null,
): FieldIssue[] {
  const info = KINDS[kind];
  const nameOf = (e: ProfileField | ResponseVariable) => ("field_name" in e ? e.field_name : e.name);
  const name = nameOf(entity);
  const current = bundle[info.array] as (ProfileField | ResponseVariable)[];
  const others = current.filter((e) => nameOf(e) !== replacing);
  const issues: FieldIssue[] = [];

  if (replacing === null && others.length >= MAX_ENTITIES) {
    issues.push({ path: "(root)", message: `An agent has at most ${MAX_ENTITIES} ${info.noun}s; delete one first.` });
  }
  const clash = declarers({ ...bundle, [info.array]: others }).get(name);
  if (clash) {
    issues.push({
      path: info.nameField,
      message: `"${name}" is already ${describeDeclarer(clash)}; choose another name.`,
    });
  }
  const renamed = replacing !== null && replacing !== name ? usesOf(bundle, kind, replacing) : null;
  if (renamed && replacing !== null) {
    issues.push({
      path: info.nameField,
      message: `${replacing} is used by ${describeUse(renamed)}: change those first, or keep the name.`,
    });
  }

  const index = others.length;
  const candidate = { ...bundle, [info.array]: [...others, entity] } as Bundle;
  const prefix = `${info.array}[${index}]`;
  const after = allIssues(candidate);
  for (const issue of after) {
    if (issue.path !== prefix && !issue.path.startsWith(`${prefix}.`)) continue;
    const rest = issue.path.slice(prefix.length);
    const item = new RegExp(`^\\.${info.listField}\\[(\\d+)\\]`).exec(rest);
    if (item) {
      issues.push({ path: info.listField, message: `${info.itemWord} ${Number(item[1]) + 1}: ${issue.message}` });
      continue;
    }
    const field = /^\.([a-z_]+)/.exec(rest)?.[1] ?? "(root)";
    // The clash above already says it, in words a designer knows.
    if (clash && field === info.nameField) continue;
    issues.push({ path: field, message: issue.message });
  }

  // A changed type (or a rename, already refused above) can break the rules reading the name.
  if (!clash && !renamed) {
    const before = new Set(allIssues(bundle).map(issueKey));
    for (const issue of after) {
      const rule = /^rules\[(\d+)\]/.exec(issue.path);
      if (!rule || before.has(issueKey(issue))) continue;
      const key = candidate.rules[Number(rule[1])]?.key ?? "?";
      issues.push({ path: info.typeField, message: `This breaks rule ${key}: ${issue.message}` });
    }
  }
  return issues;
}

function throwIfAny(kind: Kind, issues: FieldIssue[]): void {
  if (issues.length === 0) return;
  const n = issues.length;
  // A refusal because of who uses the name is the one thing to read first: say it in the message.
  const used = issues.find((i) => / is used by |^This breaks rule /.test(i.message));
  const message = used
    ? `${used.message} Nothing was saved.`
    : `The ${KINDS[kind].noun} has ${plural(n, "problem")}; nothing was saved.`;
  throw new AppError("VALIDATION", message, issues);
}

export function profileFieldIssues(bundle: Bundle, field: ProfileField, replacing: string | null): FieldIssue[] {
  return entityIssues(bundle, "profile_field", field, replacing);
}

export function variableIssues(bundle: Bundle, variable: ResponseVariable, replacing: string | null): FieldIssue[] {
  return entityIssues(bundle, "variable", variable, replacing);
}

/** Throws VALIDATION with the field's problems when it has any; nothing is written then. */
export function assertProfileFieldFits(bundle: Bundle, field: ProfileField, replacing: string | null): void {
  throwIfAny("profile_field", profileFieldIssues(bundle, field, replacing));
}

export function assertVariableFits(bundle: Bundle, variable: ResponseVariable, replacing: string | null): void {
  throwIfAny("variable", variableIssues(bundle, variable, replacing));
}

/** A delete of a name that rules (or tool inputs) use is refused, naming them. */
export function assertUnused(bundle: Bundle, kind: Kind, name: string): void {
  const use = usesOf(bundle, kind, name);
  if (!use) return;
  throw new AppError(
    "VALIDATION",
    `${name} is used by ${describeUse(use)}: change those first, then delete the ${KINDS[kind].noun}. Nothing was saved.`,
  );
}
