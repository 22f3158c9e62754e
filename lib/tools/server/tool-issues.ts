import type { Bundle, BundleTool } from "@/lib/engine/contracts/bundle";
import { validateBundleExpressions } from "@/lib/engine/contracts/bundle-expressions";
import type { BundleIssue } from "@/lib/engine/contracts/bundle-issue";
import { validateBundleReferences } from "@/lib/engine/contracts/bundle-references";
import { AppError, type FieldIssue } from "@/lib/server/errors";
import { plural } from "@/lib/text/plural";

// A tool change checked against the whole agent, with the checks a bundle import runs
// (validateBundleReferences, validateBundleExpressions): the tool's own problems become field errors
// at bundle-tool paths ("output.variables.order_id", "output.url"); what the change would break
// elsewhere — a rule's CEL expression that used a renamed output variable — becomes a "(root)" error
// naming the rule. Problems the stored configuration already had do not block the save.

function issuesOf(bundle: Bundle): BundleIssue[] {
  return [...validateBundleReferences(bundle), ...validateBundleExpressions(bundle)];
}

const signature = (issue: BundleIssue) => `${issue.path}\u0000${issue.message}`;

/** "rules[3].enforcement_expression" → 'Rule "max-refund" (enforcement_expression)'. */
function describePath(bundle: Bundle, path: string): string {
  const match = /^(rules|scenarios|profile_fields|variables)\[(\d+)\](?:\.(.*))?$/.exec(path);
  if (!match) return path;
  const index = Number(match[2]);
  const field = match[3] ? ` (${match[3]})` : "";
  if (match[1] === "rules") return `Rule "${bundle.rules[index]?.key}"${field}`;
  if (match[1] === "scenarios") return `Scenario "${bundle.scenarios[index]?.key}"${field}`;
  if (match[1] === "profile_fields") return `Profile field "${bundle.profile_fields[index]?.field_name}"${field}`;
  return `Response variable "${bundle.variables[index]?.name}"${field}`;
}

/** Issues of `candidate` outside its tools that `before` did not have: what this change breaks. */
function brokenElsewhere(before: Bundle, candidate: Bundle, issues: readonly BundleIssue[]): FieldIssue[] {
  const known = new Set(issuesOf(before).map(signature));
  return issues
    .filter((issue) => !issue.path.startsWith("tools[") && !known.has(signature(issue)))
    .map((issue) => ({
      path: "(root)",
      message: `${describePath(candidate, issue.path)} would break: ${issue.message}`,
    }));
}

/**
 * The problems of one tool as it would sit in the agent's configuration. `replacing`: the key of the
 * tool it replaces (an edit; a new key renames it, and the rules attached to it follow, as they
 * reference tools by id); null adds it (create, duplicate).
 */
export function toolIssues(bundle: Bundle, tool: BundleTool, replacing: string | null): FieldIssue[] {
  const others = bundle.tools.filter((t) => t.key !== replacing);
  if (others.some((t) => t.key === tool.key)) {
    return [{ path: "key", message: `Another tool already has the key "${tool.key}"; choose another.` }];
  }
  const renamed = replacing !== null && replacing !== tool.key ? replacing : null;
  const rules = renamed
    ? bundle.rules.map((rule) => ({
        ...rule,
        attached_tools: rule.attached_tools.map((key) => (key === renamed ? tool.key : key)),
      }))
    : bundle.rules;
  // The tool goes last, so its index is known and a duplicate-key report could only land on it.
  const prefix = `tools[${others.length}]`;
  const candidate: Bundle = { ...bundle, tools: [...others, tool], rules };
  const issues = issuesOf(candidate);
  const own = issues
    .filter((issue) => issue.path === prefix || issue.path.startsWith(`${prefix}.`))
    .map((issue) => ({ path: issue.path.slice(prefix.length + 1) || "(root)", message: issue.message }));
  return [...own, ...brokenElsewhere(bundle, candidate, issues)];
}

/** The problems deleting a tool would cause: rules still attached to it, or using its output variables. */
export function toolDeletionIssues(bundle: Bundle, key: string): FieldIssue[] {
  const attached = bundle.rules.filter((rule) => rule.attached_tools.includes(key));
  if (attached.length > 0) {
    const names = attached.map((rule) => `"${rule.key}"`).join(", ");
    const n = attached.length;
    return [
      {
        path: "(root)",
        message: `Tool "${key}" is attached to ${plural(n, "rule")} (${names}): detach it in the rules editor first. Nothing was deleted.`,
      },
    ];
  }
  const candidate: Bundle = { ...bundle, tools: bundle.tools.filter((t) => t.key !== key) };
  return brokenElsewhere(bundle, candidate, issuesOf(candidate));
}

/** Throws VALIDATION with the tool's field errors when it has any; nothing is written then. */
export function assertToolFits(bundle: Bundle, tool: BundleTool, replacing: string | null): void {
  const issues = toolIssues(bundle, tool, replacing);
  if (issues.length === 0) return;
  const n = issues.length;
  throw new AppError("VALIDATION", `The tool has ${plural(n, "problem")}; nothing was saved.`, issues);
}

/** Throws VALIDATION naming the rules that still need the tool; nothing is deleted then. */
export function assertToolDeletable(bundle: Bundle, key: string): void {
  const issues = toolDeletionIssues(bundle, key);
  const [first] = issues;
  if (!first) return;
  // The attached-rules refusal is one sentence that already says what to do.
  const message =
    issues.length === 1 && first.message.startsWith(`Tool "${key}" is attached`)
      ? first.message
      : `Deleting tool "${key}" would break ${issues.length === 1 ? "a rule" : `${issues.length} things`}; nothing was deleted.`;
  throw new AppError("VALIDATION", message, issues);
}
