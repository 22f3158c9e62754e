import type { CompiledRule } from "../../compile/compile-agent";
import type { DeclaredClaim } from "../../contracts/model";
import { totalNameOf } from "../../contracts/money-variable";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import type { ClaimComparison, RuleCheck } from "../../contracts/turn-outcome";
import type { UncertainAmount } from "../extraction/bind-money";
import { roundCents } from "../extraction/numbers";
import { claimable, type DeclaredClaims, explainsMoney, type ReadClaim } from "./declared-claims";
import { formatAssignment, type VariableSource } from "./lane1";

// Lane 1 over declared claims (README.md, "Declared claims"): a rule is decided on the text only when
// the reply's claim and its text agree; when they disagree it is decided only if every value — the
// declared one and each one the text states — gives the same verdict. Otherwise it is `unresolved`
// with the conflict, and `enforcement.unresolved` (enforce.ts) says who decides.

export interface ClaimView {
  claims: DeclaredClaims;
  /** What the reply's text states, per variable (extraction stage); profile and session are not claims. */
  stated: Record<string, unknown[]>;
  /** Money variables: amounts the text neither binds nor confidently classifies (README.md, "Uncertain amounts"). */
  uncertain?: Record<string, UncertainAmount[]>;
  variables: EngineResponseVariable[];
}

// Several amounts in one reply are all checked; the bound matches lane1.ts.
const MAX_SETS = 32;

const formatMoney = (amount: number, currency: string): string =>
  currency === "USD" ? `$${amount}` : `${amount} ${currency}`;

function describeValue(variable: EngineResponseVariable, value: unknown): string {
  if (variable.type === "money" && typeof value === "number") return formatMoney(value, variable.money?.currency ?? "");
  return JSON.stringify(value);
}

function describeClaim(read: ReadClaim): string {
  if (read.raw !== null && typeof read.raw === "object") return formatMoney(read.raw.amount, read.raw.currency);
  return JSON.stringify(read.raw);
}

const isSetAside = (read: ReadClaim) => read.status === "absent" || read.status === "malformed";

/**
 * The amounts lane 1 is not sure of for a money variable, counted only when the reply declared no
 * usable claim for it: with a claim, the cross-check below already weighs the text against it.
 */
function doubtsOf(variable: EngineResponseVariable, read: ReadClaim, view: ClaimView): UncertainAmount[] {
  return variable.type === "money" && isSetAside(read) ? (view.uncertain?.[variable.name] ?? []) : [];
}

const amountsOf = (doubts: UncertainAmount[]) => doubts.flatMap((d) => (d.amount === null ? [] : [d.amount]));

/** Declared beside stated for one variable. */
function compare(
  variable: EngineResponseVariable,
  read: ReadClaim,
  stated: unknown[],
  doubts: UncertainAmount[],
): ClaimComparison {
  const base = {
    variable: variable.name,
    status: read.status,
    declared: read.raw,
    extracted: [...stated, ...amountsOf(doubts)],
    ...(variable.money ? { currency: variable.money.currency } : {}),
  };
  const text = stated.map((v) => describeValue(variable, v)).join(", ");
  const setAside = isSetAside(read);
  if (variable.type === "money" || variable.type === "number") {
    const mentions = stated.filter((v): v is number => typeof v === "number");
    if (read.status !== "declared" || typeof read.value !== "number") {
      if (doubts.length > 0) {
        const said = [
          ...(mentions.length > 0 ? [`the text states ${text}`] : []),
          ...doubts.map((d) => `text states ${d.text} ${d.why}`),
        ];
        return { ...base, agrees: false, why: `${said.join("; ")}; no claim declared (${read.why})` };
      }
      if (mentions.length === 0) return { ...base, agrees: true, ...(read.why ? { why: read.why } : {}) };
      const declared = setAside ? `no usable claim (${read.why})` : "a claim of nothing";
      return { ...base, agrees: false, why: `the text states ${text}; the reply declared ${declared}` };
    }
    const claim = describeClaim(read);
    if (mentions.length === 0)
      return read.value === 0
        ? { ...base, agrees: true }
        : { ...base, agrees: false, why: `declared ${claim}, the text states no amount` };
    const agrees =
      variable.type === "money" ? explainsMoney(read.value, mentions) : mentions.every((m) => m === read.value);
    return agrees ? { ...base, agrees } : { ...base, agrees, why: `declared ${claim}, text says ${text}` };
  }
  const named = stated.includes(true);
  const declared = read.status === "declared" ? read.value === true : false;
  if (named === declared) return { ...base, agrees: true, ...(read.why ? { why: read.why } : {}) };
  if (named) {
    const said = setAside ? `no usable claim (${read.why})` : `${JSON.stringify(read.raw)}`;
    return { ...base, agrees: false, why: `the text states ${variable.name}; the reply declared ${said}` };
  }
  return { ...base, agrees: false, why: `declared ${variable.name} true, the text does not state it` };
}

/** The claimable response variable behind a CEL name (`x` or a money variable's `x_total`). */
function variableOf(name: string, variables: EngineResponseVariable[]): EngineResponseVariable | undefined {
  return variables.find(
    (v) => claimable(v) && (v.name === name || (v.type === "money" && totalNameOf(v.name) === name)),
  );
}

/** The value a claim gives a CEL name; undefined when it gives none (absent, malformed, a null amount). */
function declaredValue(variable: EngineResponseVariable, read: ReadClaim): unknown {
  if (read.status === "declared") return read.value;
  if (read.status === "null" && variable.type !== "money" && variable.type !== "number") return false;
  return undefined;
}

function verdict(compiled: CompiledRule, set: Record<string, unknown>): boolean | null {
  try {
    return compiled.program?.(set) === true;
  } catch {
    return null;
  }
}

type ReadClaims = Map<string, { variable: EngineResponseVariable; claim: ReadClaim }>;
type Comparison = ReturnType<typeof compare>;

/** The rule's variables the reply declared a claim for. */
function claimsRead(compiled: CompiledRule, view: ClaimView): ReadClaims {
  const read: ReadClaims = new Map();
  for (const name of compiled.variables) {
    const variable = variableOf(name, view.variables);
    const claim = variable && view.claims.byVariable.get(variable.name);
    if (variable && claim) read.set(variable.name, { variable, claim });
  }
  return read;
}

/** The text's values for the verdicts: what it binds, and each amount it is not sure of as if bound. */
function textSourceOf(source: VariableSource, view: ClaimView, doubts: Map<string, UncertainAmount[]>): VariableSource {
  return (name) => {
    const variable = variableOf(name, view.variables);
    const unsure = variable ? amountsOf(doubts.get(variable.name) ?? []) : [];
    if (!variable || unsure.length === 0) return source(name);
    const bound = (view.stated[variable.name] ?? []).filter((v): v is number => typeof v === "number");
    if (name === variable.name) return [...bound, ...unsure];
    return [roundCents([...bound, ...unsure].reduce((a, b) => a + b, 0))];
  };
}

/** The rule's variables as the claims declare them (the text's value where nothing was declared); null when one has none. */
function declaredAssignment(
  compiled: CompiledRule,
  view: ClaimView,
  read: ReadClaims,
  textSource: VariableSource,
): Record<string, unknown> | null {
  const declaredSet: Record<string, unknown> = {};
  let declaredComplete = true;
  for (const name of compiled.variables) {
    const variable = variableOf(name, view.variables);
    const claim = variable && read.get(variable.name)?.claim;
    const value = variable && claim ? declaredValue(variable, claim) : textSource(name)?.[0];
    if (value === undefined) declaredComplete = false;
    else declaredSet[name] = value;
  }
  return declaredComplete ? declaredSet : null;
}

/** Claim and text disagree on the verdict: unresolved, with the conflict for the judge (or the setting). */
function conflictCheck(
  compiled: CompiledRule,
  onText: RuleCheck,
  read: ReadClaims,
  comparisons: Comparison[],
  first: Comparison,
  declaredPasses: boolean | null,
  extractedPasses: (boolean | null)[],
): RuleCheck {
  const { rule } = compiled;
  const { variable } = read.get(first.variable) as { variable: EngineResponseVariable };
  const outcome = (passes: boolean | null) => (passes === null ? "cannot be evaluated" : passes ? "passes" : "fails");
  const onTextWords =
    extractedPasses.length === 0
      ? "the text states no value"
      : `${outcome(extractedPasses.every(Boolean))} on the text`;
  return {
    ruleId: rule.id,
    ruleKey: rule.key,
    ruleName: rule.name,
    lane: 1,
    result: "unresolved",
    detail: `${first.why}: ${rule.enforcementExpression} ${outcome(declaredPasses)} on the claim, ${onTextWords}`,
    claims: comparisons,
    conflict: {
      variable: first.variable,
      declared: first.declared,
      extracted: first.extracted.map((v) => asClaim(variable, v)),
      declaredPasses,
      extractedPasses,
      reason: first.why ?? "declared and stated values disagree",
    },
    ...(onText.variables ? { variables: onText.variables } : {}),
  };
}

/** Every combination of the text's values (profile and session fill what the text does not state). */
function textSets(names: string[], source: VariableSource): Record<string, unknown>[] {
  let sets: Record<string, unknown>[] = [{}];
  for (const name of names) {
    const values = source(name);
    if (!values || values.length === 0) return [];
    const next: Record<string, unknown>[] = [];
    for (const set of sets)
      for (const value of values) if (next.length < MAX_SETS) next.push({ ...set, [name]: value });
    sets = next;
  }
  return sets;
}

const asClaim = (variable: EngineResponseVariable, value: unknown): DeclaredClaim =>
  variable.type === "money" && typeof value === "number"
    ? { amount: value, currency: variable.money?.currency ?? "" }
    : (value as DeclaredClaim);

export function crossCheck(
  compiled: CompiledRule,
  onText: RuleCheck,
  source: VariableSource,
  view: ClaimView,
): RuleCheck {
  if (!compiled.program) return onText;
  const read = claimsRead(compiled, view);
  if (read.size === 0) return onText;
  const doubts = new Map(
    [...read.values()].map(({ variable, claim }) => [variable.name, doubtsOf(variable, claim, view)]),
  );
  const comparisons = [...read.values()].map(({ variable, claim }) =>
    compare(variable, claim, view.stated[variable.name] ?? [], doubts.get(variable.name) ?? []),
  );
  const textSource = textSourceOf(source, view, doubts);
  // A value only profile or session could give is missing: the rule is undecided whatever was claimed.
  const missing = compiled.variables.filter((name) => !variableOf(name, view.variables) && !source(name)?.length);
  if (missing.length > 0) return { ...onText, claims: comparisons };
  // An amount in a currency without a rate already blocks (unresolved_money_blocks): no claim lifts that.
  if (onText.blocking) return { ...onText, claims: comparisons };
  const decided = onText.result === "passed" || onText.result === "failed";
  const first = comparisons.filter((c) => !c.agrees)[0];
  if (!first) return { ...onText, claims: comparisons, ...(decided ? { decidedBy: "agreement" as const } : {}) };

  const declaredSet = declaredAssignment(compiled, view, read, textSource);
  const declaredPasses = declaredSet ? verdict(compiled, declaredSet) : null;
  const extractedPasses = textSets(compiled.variables, textSource).map((set) => verdict(compiled, set));
  if (
    declaredSet &&
    declaredPasses !== null &&
    extractedPasses.length > 0 &&
    extractedPasses.every((passes) => passes === declaredPasses)
  ) {
    return {
      ...onText,
      result: declaredPasses ? "passed" : "failed",
      detail: `${first.why}; ${compiled.rule.enforcementExpression} is ${declaredPasses} for the claim and for the text${
        declaredPasses ? "" : ` (${formatAssignment(declaredSet)})`
      }`,
      claims: comparisons,
      decidedBy: "same_verdict",
    };
  }
  return conflictCheck(compiled, onText, read, comparisons, first, declaredPasses, extractedPasses);
}
