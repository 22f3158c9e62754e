import { plural } from "@/lib/text/plural";
import type { FallbackReason, GenerateOutput, GenerateRequest, ModelResult } from "../contracts/model";
import type { EngineResponseVariable } from "../contracts/snapshot";
import type { RuleCheck, TurnLoopRecord, TurnOutcomeKind } from "../contracts/turn-outcome";
import { readClaims } from "../stages/enforcement/declared-claims";
import { enforce } from "../stages/enforcement/enforce";
import { extractResponseVariables } from "../stages/extraction/extract-response-variables";
import type { ScoredRule } from "../stages/filtering/filter-rules";
import { buildGenerateRequest } from "../stages/generation/generate-reply";
import { safeClarifier, safeFallbackReply } from "../stages/generation/safe-replies";
import { createTurnLoop } from "../stages/regeneration/turn-loop";
import type { ToolCall } from "../stages/tools/run-tools";
import { countCall, type TurnContext } from "./turn-context";

export interface DraftLoopInput {
  matched: ScoredRule[];
  toolCalls: ToolCall[];
  missing: { name: string; description: string }[];
  /** Embedding of the user's message, for the relevance check. */
  message: Float32Array;
  /**
   * A designer's text to ship as the first draft instead of generating one (the out-of-scope reply):
   * it is still extracted and enforced, and a violation regenerates as usual.
   */
  fixedDraft?: { text: string; why: string };
}

export interface DraftLoopResult {
  response: string;
  outcome: TurnOutcomeKind;
  fallbackReason: FallbackReason | "enforcement_exhausted" | null;
  checks: RuleCheck[];
  violations: RuleCheck[];
  regenerations: number;
  loops: TurnLoopRecord[];
}

/**
 * Stages 7–10 (docs/pipeline.md: generation, extraction, enforcement, regenerate or fall back):
 * generate a draft, extract what it says, enforce both lanes; a violation regenerates while the loop
 * guardrails (docs/loops.md) allow, and an
 * exhausted loop ships the safe template. A draft that failed a hard constraint is never returned.
 */
export async function runDraftLoop(ctx: TurnContext, input: DraftLoopInput): Promise<DraftLoopResult> {
  const { agent } = ctx;
  const loop = createTurnLoop(ctx.input.turnId, ctx.settings);
  let violations: GenerateRequest["violations"] = [];
  let checks: RuleCheck[] = [];
  const caught: RuleCheck[] = [];
  const result = (
    attempt: number,
    response: string,
    outcome: TurnOutcomeKind,
    fallbackReason: DraftLoopResult["fallbackReason"],
  ) => ({
    response,
    outcome,
    fallbackReason,
    checks,
    violations: caught,
    regenerations: attempt,
    loops: loop.records(),
  });
  for (let attempt = 0; ; attempt++) {
    const request = buildGenerateRequest(agent, ctx.session, {
      message: ctx.input.message,
      matched: input.matched,
      toolCalls: input.toolCalls,
      missing: input.missing,
      violations,
    });
    const fixed = attempt === 0 ? input.fixedDraft : undefined;
    const draft = await ctx.spans.record(attempt === 0 ? "generation" : "regeneration", async () => {
      if (fixed) {
        return {
          value: { ok: true, value: { text: fixed.text } } as ModelResult<GenerateOutput>,
          decision: `${fixed.why} (${fixed.text.length} chars), no model call`,
          attributes: { attempt, fixed_draft: fixed.why },
        };
      }
      const value = countCall(ctx, await ctx.ports.model.generate(request));
      const claims = value.ok ? readClaims(value.value.claims, agent.snapshot.responseVariables) : undefined;
      return {
        value,
        status: value.ok ? "ok" : "error",
        decision: value.ok
          ? `draft ${attempt === 0 ? "" : `${attempt} `}written (${value.value.text.length} chars)`
          : `generation failed: ${value.reason}`,
        attributes: {
          attempt,
          rule_actions: request.ruleActions.length,
          violations_explained: violations.length,
          tool_outputs: request.toolOutputs.length,
          ...(claims && Object.keys(claims.declared).length > 0 ? { claims: claims.declared } : {}),
          ...(claims && claims.problems.length > 0 ? { claim_problems: claims.problems } : {}),
        },
      };
    });
    if (!draft.ok) return result(attempt, safeClarifier(ctx), "fallback", draft.reason);
    const text = draft.value.text;
    const claims = readClaims(draft.value.claims, agent.snapshot.responseVariables);
    const extraction = await extractionSpan(ctx, text, agent.snapshot.responseVariables);
    const enforced = await ctx.spans.record("enforcement", async () => {
      const value = await enforce(ctx, {
        draft: text,
        matched: input.matched,
        extracted: extraction.values,
        unresolvedMoney: extraction.unresolvedMoney,
        ...(extraction.uncertainMoney ? { uncertainMoney: extraction.uncertainMoney } : {}),
        query: input.message,
        groundingContext: groundingText(request),
        attempt,
        claims,
      });
      return {
        value,
        decision: value.failed.length
          ? `${plural(value.failed.length, "violation")}: ${value.failed.map((f) => f.ruleKey).join(", ")}`
          : `${value.checks.length} checks, no violation`,
        attributes: { checks: value.checks, enforced: value.enforced },
      };
    });
    checks = enforced.checks;
    caught.push(...enforced.failed);
    const next = loop.complete(enforced.checks, ctx.ports.clock.now());
    if (enforced.failed.length === 0) return result(attempt, text, attempt === 0 ? "answered" : "regenerated", null);
    if (!next.rerun) return result(attempt, safeFallbackReply(), "fallback", "enforcement_exhausted");
    violations = enforced.failed.map((failure) => {
      const rule = agent.rules.find((r) => r.rule.id === failure.ruleId)?.rule;
      return { ruleName: failure.ruleName, actionText: rule?.actionText ?? "", detail: failure.detail };
    });
  }
}

function groundingText(request: GenerateRequest): string {
  return [
    request.step?.instructions ?? "",
    ...request.ruleActions.map((r) => r.actionText),
    JSON.stringify(request.toolOutputs),
    JSON.stringify(request.profile),
  ].join("\n");
}

/** Stage 8's span: the variables the reply states, with the money it could not convert or classify. */
function extractionSpan(ctx: TurnContext, text: string, variables: readonly EngineResponseVariable[]) {
  return ctx.spans.record("extraction", async () => {
    const value = extractResponseVariables(text, variables);
    return {
      value,
      decision: `${Object.keys(value.values).length} variables from the reply`,
      attributes: {
        values: value.values,
        matches: value.matches.length,
        ...(Object.keys(value.unresolvedMoney).length > 0 ? { unresolved_money: value.unresolvedMoney } : {}),
        ...(value.uncertainMoney ? { uncertain_money: value.uncertainMoney } : {}),
      },
    };
  });
}
