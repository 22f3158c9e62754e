import type { CompiledRule } from "../../compile/compile-agent";
import type { DeclaredClaim } from "../../contracts/model";
import { totalNameOf } from "../../contracts/money-variable";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import type { ClaimComparison, RuleCheck } from "../../contracts/turn-outcome";
import type { UncertainAmount } from "../extraction/bind-money";
import { roundCents } from "../extraction/numbers";
import { claimable, type DeclaredClaims, explainsMoney, type ReadClaim } from "./declared-claims";
import { formatAssignment, type VariableSource } from "./lane1";

// Lane 1 over declared claims (README.md, "Declared claims"). The text decides whenever it can: a
// rule the text breaks fails whatever the reply declared, and a variable with no declared value
// (absent, null, malformed) is read from the text alone. A declared value adds evidence the text does
// not state plainly: it decides a rule the text says nothing about, and when it fails a rule the
// text passes, that is the one real conflict left for `enforcement.unresolved` (enforce.ts), with
// an amount the text states uncertainly and no claim beside it.

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
const isNumeric = (variable: EngineResponseVariable) => variable.type === "money" || variable.type === "number";

/** The values the text itself states for a variable: numbers, or `true` for a boolean or name list it states. */
function statedValues(variable: EngineResponseVariable, stated: unknown[]): unknown[] {
  return isNumeric(variable) ? stated.filter((v) => typeof v === "number") : stated.filter((v) => v === true);
}

/**
 * The amounts lane 1 is not sure of for a money variable, counted only when the reply declared no
 * usable claim for it (absent or malformed): a claim of a value or of nothing (null) already says
 * which of them the reply commits to, so honest replies are not handed over more.
 */
function doubtsOf(variable: EngineResponseVariable, read: ReadClaim, view: ClaimView): UncertainAmount[] {
  return variable.type === "money" && isSetAside(read) ? (view.uncertain?.[variable.name] ?? []) : [];
}

const amountsOf = (doubts: UncertainAmount[]) => doubts.flatMap((d) => (d.amount === null ? [] : [d.amount]));

/** Whether a declared value and what the text states agree (README.md, the table in "Declared claims"). */
function declaredAgrees(variable: EngineResponseVariable, declared: number | boolean, said: unknown[]): boolean {
  if (!isNumeric(variable)) return said.length > 0 === (declared === true);
  const mentions = said as number[];
  if (mentions.length === 0) return declared === 0;
  return variable.type === "money"
    ? explainsMoney(declared as number, mentions)
    : mentions.every((m) => m === declared);
}

/** Declared beside stated for one variable; only a declared value can disagree with the text. */
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
  const said = statedValues(variable, stated);
  const text = said.map((v) => (isNumeric(variable) ? describeValue(variable, v) : variable.name)).join(", ");
  if (read.status !== "declared" || read.value === null) {
    const noClaim = read.status === "null" ? "a claim of nothing" : `no usable claim (${read.why})`;
    if (doubts.length > 0) {
      const doubted = [
        ...(said.length > 0 ? [`the text states ${text}`] : []),
        ...doubts.map((d) => `text states ${d.text} ${d.why}`),
      ];
      return { ...base, agrees: false, why: `${doubted.join("; ")}; no claim declared (${read.why})` };
    }
    const why = said.length > 0 ? `the text states ${text}; the reply declared ${noClaim}: the text decides` : read.why;
    return { ...base, agrees: true, ...(why ? { why } : {}) };
  }
  if (declaredAgrees(variable, read.value, said)) return { ...base, agrees: true };
  const claim = describeClaim(read);
  if (said.length === 0) {
    const none = isNumeric(variable) ? "no amount" : `no ${variable.name}`;
    return { ...base, agrees: false, why: `declared ${claim}, the text states ${none}` };
  }
  return { ...base, agrees: false, why: `declared ${claim}, text says ${text}` };
}

/** The claimable response variable behind a CEL name (`x` or a money variable's `x_total`). */
function variableOf(name: string, variables: EngineResponseVariable[]): EngineResponseVariable | undefined {
  return variables.find(
    (v) => claimable(v) && (v.name === name || (v.type === "money" && totalNameOf(v.name) === name)),
  );
}

type ReadClaims = Map<string, { variable: EngineResponseVariable; claim: ReadClaim }>;

/** The rule's claimable variables and what the reply declared for each. */
function claimsRead(compiled: CompiledRule, view: ClaimView): ReadClaims {
  const read: ReadClaims = new Map();
  for (const name of compiled.variables) {
    const variable = variableOf(name, view.variables);
    const claim = variable && view.claims.byVariable.get(variable.name);
    if (variable && claim) read.set(variable.name, { variable, claim });
  }
  return read;
}

/** The text's values with each amount it is not sure of as if bound (its total too, for `x_total`). */
function withDoubts(source: VariableSource, view: ClaimView, doubts: Map<string, UncertainAmount[]>): VariableSource {
  return (name) => {
    const variable = variableOf(name, view.variables);
    const unsure = variable ? amountsOf(doubts.get(variable.name) ?? []) : [];
    if (!variable || unsure.length === 0) return source(name);
    const bound = (view.stated[variable.name] ?? []).filter((v): v is number => typeof v === "number");
    if (name === variable.name) return [...bound, ...unsure];
    return [roundCents([...bound, ...unsure].reduce((a, b) => a + b, 0))];
  };
}

/** The declared value where the reply declared one, else what the text (or profile, session) gives. */
function withClaims(source: VariableSource, view: ClaimView, read: ReadClaims): VariableSource {
  return (name) => {
    const variable = variableOf(name, view.variables);
    const claim = variable && read.get(variable.name)?.claim;
    return claim?.status === "declared" && claim.value !== null ? [claim.value] : source(name);
  };
}

/** Every combination of the source's values; empty when a variable has none. */
function sets(names: string[], source: VariableSource): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const name of names) {
    const values = source(name);
    if (!values || values.length === 0) return [];
    const next: Record<string, unknown>[] = [];
    for (const set of out) for (const value of values) if (next.length < MAX_SETS) next.push({ ...set, [name]: value });
    out = next;
  }
  return out;
}

function verdict(compiled: CompiledRule, set: Record<string, unknown>): boolean | null {
  try {
    return compiled.program?.(set) === true;
  } catch {
    return null;
  }
}

interface Verdicts {
  /** One per combination, in order. */
  each: (boolean | null)[];
  /** false when any combination fails; true when every one passes; null when none can be evaluated. */
  overall: boolean | null;
  /** The first failing combination, for the detail. */
  failing?: Record<string, unknown>;
}

function verdictsOn(compiled: CompiledRule, source: VariableSource): Verdicts {
  const all = sets(compiled.variables, source);
  const each = all.map((set) => verdict(compiled, set));
  const failingAt = each.indexOf(false);
  if (failingAt >= 0) return { each, overall: false, failing: all[failingAt] };
  return { each, overall: each.length > 0 && each.every((v) => v === true) ? true : null };
}

const asClaim = (variable: EngineResponseVariable, value: unknown): DeclaredClaim =>
  variable.type === "money" && typeof value === "number"
    ? { amount: value, currency: variable.money?.currency ?? "" }
    : (value as DeclaredClaim);

const outcome = (passes: boolean | null) => (passes === null ? "cannot be evaluated" : passes ? "passes" : "fails");

/** Left undecided for `enforcement.unresolved`: the facts on each side, for the judge or the setting. */
function conflictCheck(
  compiled: CompiledRule,
  onText: RuleCheck,
  variable: EngineResponseVariable,
  comparison: ClaimComparison,
  comparisons: ClaimComparison[],
  declaredPasses: boolean | null,
  textPasses: (boolean | null)[],
): RuleCheck {
  const { rule } = compiled;
  const onTextWords =
    textPasses.length === 0 ? "the text states no value" : `${outcome(textPasses.every(Boolean))} on the text`;
  const onClaimWords = comparison.status === "declared" ? `${outcome(declaredPasses)} on the claim, ` : "";
  return {
    ruleId: rule.id,
    ruleKey: rule.key,
    ruleName: rule.name,
    lane: 1,
    result: "unresolved",
    detail: `${comparison.why}: ${rule.enforcementExpression} ${onClaimWords}${onTextWords}`,
    claims: comparisons,
    conflict: {
      variable: comparison.variable,
      declared: comparison.declared,
      extracted: comparison.extracted.map((v) => asClaim(variable, v)),
      declaredPasses,
      extractedPasses: textPasses,
      reason: comparison.why ?? "declared and stated values disagree",
    },
    ...(onText.variables ? { variables: onText.variables } : {}),
  };
}

export function crossCheck(
  compiled: CompiledRule,
  onText: RuleCheck,
  source: VariableSource,
  view: ClaimView,
): RuleCheck {
  const decided = onText.result === "passed" || onText.result === "failed";
  const read = claimsRead(compiled, view);
  if (!compiled.program || read.size === 0) return decided ? { ...onText, decidedBy: "text" } : onText;
  const doubts = new Map(
    [...read.values()].map(({ variable, claim }) => [variable.name, doubtsOf(variable, claim, view)]),
  );
  const comparisons = [...read.values()].map(({ variable, claim }) =>
    compare(variable, claim, view.stated[variable.name] ?? [], doubts.get(variable.name) ?? []),
  );
  const declared = comparisons.filter((c) => c.status === "declared");
  const disagreeing = declared.filter((c) => !c.agrees);
  // A value only profile or session could give is missing: the rule is undecided whatever was claimed.
  const missing = compiled.variables.filter((name) => !variableOf(name, view.variables) && !source(name)?.length);
  // An amount in a currency without a rate already blocks (unresolved_money_blocks): no claim lifts that.
  if (missing.length > 0 || onText.blocking) return { ...onText, claims: comparisons };

  // The text breaks the rule: that is the verdict, whatever was declared, and no model is asked.
  if (onText.result === "failed") {
    const agreed = declared.length > 0 && disagreeing.length === 0;
    const overruled = disagreeing.length > 0 ? `; ${disagreeing.map((c) => c.why).join("; ")}: the text decides` : "";
    return {
      ...onText,
      detail: `${onText.detail}${overruled}`,
      claims: comparisons,
      decidedBy: agreed ? "agreement" : "text",
    };
  }

  const onClaims = declared.length > 0 ? verdictsOn(compiled, withClaims(source, view, read)) : undefined;
  if (onClaims?.overall === false) {
    // Declared values fail the rule. Where the text states something else for them, the text passes
    // (it did not fail above): a real conflict. Where it states nothing, the claim is the only fact.
    const contested = disagreeing.find(
      (c) => statedValues(variableFor(c, read), view.stated[c.variable] ?? []).length > 0,
    );
    if (contested) {
      const textPasses = verdictsOn(compiled, source).each;
      return conflictCheck(compiled, onText, variableFor(contested, read), contested, comparisons, false, textPasses);
    }
    const why = disagreeing.map((c) => c.why).join("; ");
    return {
      ...onText,
      result: "failed",
      detail: `${why ? `${why}; ` : ""}${compiled.rule.enforcementExpression} is false for the claim (${formatAssignment(onClaims.failing ?? {})})`,
      claims: comparisons,
      decidedBy: "claim",
      ...(onClaims.failing ? { variables: onClaims.failing } : {}),
    };
  }

  // No usable claim and an amount the text states uncertainly that would break the rule: not decided.
  const doubted = comparisons.find((c) => (doubts.get(c.variable) ?? []).length > 0);
  if (doubted) {
    const withUncertain = verdictsOn(compiled, withDoubts(source, view, doubts));
    if (withUncertain.overall !== true)
      return conflictCheck(
        compiled,
        onText,
        variableFor(doubted, read),
        doubted,
        comparisons,
        null,
        withUncertain.each,
      );
  }

  if (onText.result === "passed")
    return { ...onText, claims: comparisons, decidedBy: onClaims?.overall === true ? "agreement" : "text" };
  if (onClaims?.overall === true)
    return {
      ...onText,
      result: "passed",
      detail: `${compiled.rule.enforcementExpression} holds for the claim; the text states no value`,
      claims: comparisons,
      decidedBy: "claim",
    };
  return { ...onText, claims: comparisons };
}

const variableFor = (comparison: ClaimComparison, read: ReadClaims): EngineResponseVariable =>
  (read.get(comparison.variable) as { variable: EngineResponseVariable }).variable;
