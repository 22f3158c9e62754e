// Which step of an edited scenario is which step of the stored one. A step is the same step when it
// keeps its key, or when the editor says it was renamed (`renamed`: stored key → new key). The same step
// keeps its database id: sessions point at step ids (sessions.active_step_id) and so do STEP-scoped
// rules (rules.scope_id), so a rename must not turn a step into a new one. Pure: keys in, indexes out.

/** Stored step key → its new key, for steps whose key the editor changed. */
export type StepRenames = Readonly<Record<string, string>>;

/**
 * For each step of `after`, the index in `before` of the step it continues, or null for a new step.
 * A key that was renamed away no longer claims its old step: a new step under that key is new.
 */
export function matchSteps(
  before: readonly { key: string }[],
  after: readonly { key: string }[],
  renamed: StepRenames,
): (number | null)[] {
  const beforeIndex = new Map(before.map((step, i) => [step.key, i]));
  const renamedFrom = new Map<string, string>();
  for (const [from, to] of Object.entries(renamed)) if (from !== to) renamedFrom.set(to, from);
  const renamedAway = new Set(renamedFrom.values());
  const claimed = new Set<number>();
  return after.map((step) => {
    const storedKey = renamedFrom.get(step.key) ?? (renamedAway.has(step.key) ? undefined : step.key);
    const index = storedKey === undefined ? undefined : beforeIndex.get(storedKey);
    if (index === undefined || claimed.has(index)) return null;
    claimed.add(index);
    return index;
  });
}

/**
 * The problems of a rename map against the stored and edited steps: each renamed key must be a stored
 * step, each new key a step of the edit, and no two steps may be renamed to the same key.
 */
export function stepRenameIssues(
  before: readonly { key: string }[],
  after: readonly { key: string }[],
  renamed: StepRenames,
): string[] {
  const stored = new Set(before.map((s) => s.key));
  const edited = new Set(after.map((s) => s.key));
  const issues: string[] = [];
  const targets = new Map<string, string>();
  for (const [from, to] of Object.entries(renamed)) {
    if (from === to) continue;
    if (!stored.has(from)) issues.push(`No stored step "${from}" to rename; reload the scenario.`);
    if (!edited.has(to)) issues.push(`Step "${from}" is renamed to "${to}", which is not among the steps.`);
    const other = targets.get(to);
    if (other !== undefined) issues.push(`Steps "${other}" and "${from}" are both renamed to "${to}".`);
    targets.set(to, from);
  }
  return issues;
}
