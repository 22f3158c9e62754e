import type { CompiledRule } from "../../compile/compile-agent";
import { cosine } from "../../compile/similarity";
import { totalNameOf } from "../../contracts/money-variable";
import { blocksDraft, type RuleCheck } from "../../contracts/turn-outcome";
import { countCall, type TurnContext } from "../../pipeline/turn-context";
import type { UncertainAmount } from "../extraction/bind-money";
import type { ScoredRule } from "../filtering/filter-rules";
import { lookupVariable } from "../variables/resolve-variables";
import { crossCheck } from "./claim-cross-check";
import type { DeclaredClaims } from "./declared-claims";
import type { GroundingSources } from "./grounding/check-grounding";
import { checkLane1 } from "./lane1";
import { lane2Check, planLane2 } from "./lane2";
import { groundingCheck, relevanceCheck } from "./relevance";
import { UNGROUNDED, ungroundedCheck, ungroundedSkipped } from "./ungrounded";

export interface EnforcementInput {
  draft: string;
  matched: ScoredRule[];
  /** Values the reply stated (extraction stage), every value per variable. */
  extracted: Record<string, unknown[]>;
  /** Money variables (and totals) with an amount in a currency that has no rate (extraction stage). */
  unresolvedMoney?: Record<string, string[]>;
  /** Money variables: amounts the text neither binds nor confidently classifies (extraction stage). */
  uncertainMoney?: Record<string, UncertainAmount[]>;
  /** Embedding of the user's message, for the relevance check. */
  query: Float32Array;
  /** What the turn knew, for the similarity grounding check (`grounding_check_enabled`). */
  groundingContext: string;
  /** The turn's evidence, for the `ungrounded` check (grounding-evidence.ts). */
  evidence: GroundingSources;
  /** BCP 47 code of the reply's language when it is not English (names are read in English only). */
  replyLanguage?: string;
  /** 0 for the first draft; a regeneration (an earlier draft was caught) is a risky turn. */
  attempt?: number;
  /** What the reply declared it commits to; absent = lane 1 reads the text alone (no cross-check). */
  claims?: DeclaredClaims;
}

type UnresolvedRoute = "judge" | "block" | "allow";

/**
 * enforcement.unresolved, resolved: by_provider means judge when a model is configured and block with
 * the offline provider, whose generator declares its claims honestly.
 */
function unresolvedRoute(ctx: TurnContext): UnresolvedRoute {
  const { unresolved, llm_judge_enabled } = ctx.settings.enforcement;
  const route = unresolved !== "by_provider" ? unresolved : ctx.ports.model.name === "offline" ? "block" : "judge";
  // With the judge switched off, a conflict nobody may settle stops the reply rather than ship it.
  return route === "judge" && !llm_judge_enabled ? "block" : route;
}

export interface EnforcementResult {
  checks: RuleCheck[];
  failed: RuleCheck[];
  enforced: number;
}

/** What is enforced: matched hard constraints, plus ALL GLOBAL hard constraints even when unmatched. */
function rulesToEnforce(ctx: TurnContext, matched: ScoredRule[]): { compiled: CompiledRule; matched: boolean }[] {
  const out = new Map<string, { compiled: CompiledRule; matched: boolean }>();
  for (const { compiled } of matched)
    if (compiled.rule.isHardConstraint) out.set(compiled.rule.id, { compiled, matched: true });
  if (ctx.settings.enforcement.always_enforce_global) {
    for (const compiled of ctx.agent.globalRules) {
      if (compiled.rule.enabled && compiled.rule.isHardConstraint && !out.has(compiled.rule.id)) {
        out.set(compiled.rule.id, { compiled, matched: false });
      }
    }
  }
  return [...out.values()];
}

/**
 * On a first draft, a subjective rule retrieved this turn is in play when its condition matches the
 * customer's message or the draft on their own: retrieval also reads the scenario's name and the
 * detected intent, which match every rule of the scenario on every turn of it. A regenerated draft
 * (an earlier one was caught) is a risky turn and is judged. null = in play, judge; otherwise why not.
 */
function inPlay(compiled: CompiledRule, message: Float32Array, draft: Float32Array, ctx: TurnContext) {
  const threshold = ctx.settings.retrieval.rule_match_threshold;
  const best = Math.max(cosine(compiled.vector, message), cosine(compiled.vector, draft));
  if (best >= threshold) return null;
  return {
    judge: false,
    why: `not in play: condition matches neither the message nor the draft (${best.toFixed(3)} < ${threshold})`,
  };
}

type Target = ReturnType<typeof rulesToEnforce>[number];
type VariableSource = (name: string) => unknown[] | undefined;

/**
 * Variables = profile ∪ session ∪ extracted from the reply; the reply's own statements win.
 * A money variable is also checked at its total: "$30 now and $30 later" must satisfy
 * `refund_amount <= 50` as 30, 30 and 60, so splitting a promise cannot get round a cap.
 */
function variableSource(ctx: TurnContext, input: EnforcementInput): VariableSource {
  const money = new Set(ctx.agent.snapshot.responseVariables.filter((v) => v.type === "money").map((v) => v.name));
  return (name) => {
    const stated = input.extracted[name];
    const total = money.has(name) ? input.extracted[totalNameOf(name)] : undefined;
    if (stated && stated.length > 1 && total) return [...stated, ...total];
    if (stated && stated.length > 0) return stated;
    const known = lookupVariable(ctx.session, name);
    return known ? [known.value] : undefined;
  };
}

/** Lane 1 over the deterministic rules: the CEL expression on the text, cross-checked with declared claims. */
function lane1Checks(
  ctx: TurnContext,
  input: EnforcementInput,
  targets: Target[],
  route: UnresolvedRoute,
): Map<string, RuleCheck> {
  const config = ctx.settings.enforcement;
  const source = variableSource(ctx, input);
  const lane1 = new Map<string, RuleCheck>();
  for (const { compiled } of targets) {
    const { rule } = compiled;
    if (rule.enforcementLane !== "deterministic") continue;
    if (!config.deterministic_enabled) {
      lane1.set(rule.id, {
        ruleId: rule.id,
        ruleKey: rule.key,
        ruleName: rule.name,
        lane: 1,
        result: "skipped",
        detail: "deterministic_enabled is false",
      });
    } else if (rule.enforcementExpression) {
      const onText = checkLane1(compiled, source, {
        unresolvedMoney: (name) => input.unresolvedMoney?.[name],
        moneyBlocks: config.unresolved_money_blocks && route !== "allow",
      });
      const claims = input.claims;
      lane1.set(
        rule.id,
        claims
          ? crossCheck(compiled, onText, source, {
              claims,
              stated: input.extracted,
              uncertain: input.uncertainMoney ?? {},
              variables: ctx.agent.snapshot.responseVariables,
            })
          : onText,
      );
    }
  }
  return lane1;
}

/**
 * Lane 2 for one subjective rule: judged unless planLane2 says not, lane 1 already blocks the draft,
 * or (a first draft) the rule is not in play.
 */
async function lane2For(
  ctx: TurnContext,
  input: EnforcementInput,
  { compiled, matched }: Target,
  blockedByLane1: boolean,
  draftVector: Float32Array | undefined,
): Promise<RuleCheck> {
  const { rule } = compiled;
  let plan = planLane2(compiled, matched, ctx.input.turnId, ctx.settings.enforcement);
  if (plan.judge && blockedByLane1) plan = { judge: false, why: "draft already blocked by lane 1" };
  else if (plan.judge && matched && draftVector && (input.attempt ?? 0) === 0)
    plan = inPlay(compiled, input.query, draftVector, ctx) ?? plan;
  let verdict = null;
  if (plan.judge) {
    verdict = countCall(
      ctx,
      await ctx.ports.model.judge({
        rule: { id: rule.id, name: rule.name, actionText: rule.actionText, conditionText: rule.conditionText },
        message: ctx.input.message,
        response: input.draft,
      }),
    );
  }
  return lane2Check(compiled, verdict, plan.why);
}

/** Lane 1's `ungrounded` check (ungrounded.ts), unless `enforcement.grounding_facts` is off. */
function groundedCheck(ctx: TurnContext, input: EnforcementInput): RuleCheck | null {
  const { grounding_facts: mode, deterministic_enabled } = ctx.settings.enforcement;
  if (mode === "off") return null;
  if (!deterministic_enabled) return ungroundedSkipped("deterministic_enabled is false");
  return ungroundedCheck(input.draft, input.evidence, mode, input.replyLanguage, ctx.agent.knownTexts.index);
}

/** The optional relevance and grounding checks over the draft's embedding. */
async function textChecks(ctx: TurnContext, input: EnforcementInput): Promise<RuleCheck[]> {
  const config = ctx.settings.enforcement;
  if (!config.relevance_check_enabled && !config.grounding_check_enabled) return [];
  const checks: RuleCheck[] = [];
  const [response, context] = await ctx.ports.embedder.embed([input.draft, input.groundingContext]);
  if (config.relevance_check_enabled && response)
    checks.push(relevanceCheck(input.query, response, input.draft, config));
  if (config.grounding_check_enabled && response && context)
    checks.push(groundingCheck(context, response, config.grounding_threshold));
  return checks;
}

/** Stage 9: two lanes and the optional relevance / grounding checks over one draft. */
export async function enforce(ctx: TurnContext, input: EnforcementInput): Promise<EnforcementResult> {
  const checks: RuleCheck[] = [];
  if (!ctx.settings.enforcement.enabled) return { checks, failed: [], enforced: 0 };
  const targets = rulesToEnforce(ctx, input.matched);
  // Lane 1 first: a draft it already blocks is regenerated (or falls back) whatever a judge says.
  const route = unresolvedRoute(ctx);
  const lane1 = lane1Checks(ctx, input, targets, route);
  const grounded = groundedCheck(ctx, input);
  if (grounded) lane1.set(UNGROUNDED, grounded);
  await settleConflicts(ctx, input, lane1, route);
  const blockedByLane1 = [...lane1.values()].some(blocksDraft);
  const subjective = targets.filter((t) => t.compiled.rule.enforcementLane !== "deterministic");
  const draftVector =
    subjective.length > 0 && !blockedByLane1 ? (await ctx.ports.embedder.embed([input.draft]))[0] : undefined;
  for (const target of targets) {
    if (target.compiled.rule.enforcementLane === "deterministic") {
      const check = lane1.get(target.compiled.rule.id);
      if (check) checks.push(check);
      continue;
    }
    checks.push(await lane2For(ctx, input, target, blockedByLane1, draftVector));
  }
  if (grounded) checks.push(grounded);
  checks.push(...(await textChecks(ctx, input)));
  return { checks, failed: checks.filter(blocksDraft), enforced: targets.length };
}

/**
 * Claim conflicts lane 1 left unresolved go where `enforcement.unresolved` says. The judge sees the
 * rule, the reply and both facts; a failed judge call blocks, since the conflict is still there. When
 * another lane-1 rule already blocks the draft, nobody is asked: it is rewritten anyway.
 */
async function settleConflicts(
  ctx: TurnContext,
  input: EnforcementInput,
  lane1: Map<string, RuleCheck>,
  route: UnresolvedRoute,
): Promise<void> {
  const conflicts = [...lane1.values()].filter((c) => c.result === "unresolved" && c.conflict);
  if (conflicts.length === 0) return;
  const alreadyBlocked = [...lane1.values()].some(blocksDraft);
  for (const check of conflicts) {
    const conflict = check.conflict;
    if (!conflict) continue;
    if (alreadyBlocked) {
      lane1.set(check.ruleId, { ...check, detail: `${check.detail}; not settled: draft already blocked by lane 1` });
    } else if (route === "block") {
      lane1.set(check.ruleId, {
        ...check,
        blocking: true,
        decidedBy: "block",
        detail: `${check.detail}; blocked (enforcement.unresolved = block)`,
      });
    } else if (route === "allow") {
      lane1.set(check.ruleId, {
        ...check,
        decidedBy: "allow",
        detail: `${check.detail}; sent (enforcement.unresolved = allow)`,
      });
    } else {
      const rule = ctx.agent.rulesById.get(check.ruleId)?.rule;
      const verdict = countCall(
        ctx,
        await ctx.ports.model.judge({
          rule: {
            id: check.ruleId,
            name: check.ruleName,
            actionText: rule?.actionText ?? "",
            conditionText: rule?.conditionText ?? "",
          },
          message: ctx.input.message,
          response: input.draft,
          conflict,
        }),
      );
      lane1.set(
        check.ruleId,
        verdict.ok
          ? {
              ...check,
              result: verdict.value.passed ? "passed" : "failed",
              decidedBy: "judge",
              score: verdict.value.score,
              detail: `${check.detail}; judge: ${verdict.value.reason}`,
            }
          : {
              ...check,
              blocking: true,
              decidedBy: "judge",
              detail: `${check.detail}; judge failed (${verdict.reason}), blocked`,
            },
      );
    }
  }
}
