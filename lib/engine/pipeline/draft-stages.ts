import type { FallbackReason, GenerateOutput, GenerateRequest } from "../contracts/model";
import type { HandoffRequest, RuleCheck, TurnLoopRecord, TurnOutcomeKind } from "../contracts/turn-outcome";
import type { Passage } from "../knowledge/knowledge-source";
import { readClaims } from "../stages/enforcement/declared-claims";
import type { EnforcementResult } from "../stages/enforcement/enforce";
import { enforcementStage } from "../stages/enforcement/enforcement-stage";
import { groundingEvidence } from "../stages/enforcement/grounding-evidence";
import { UNGROUNDED, UNGROUNDED_INSTRUCTION } from "../stages/enforcement/ungrounded";
import { extractionStage } from "../stages/extraction/extraction-stage";
import type { ScoredRule } from "../stages/filtering/filter-rules";
import { buildGenerateRequest } from "../stages/generation/generate-reply";
import { generationStage, regenerationStage } from "../stages/generation/generation-stage";
import { safeClarifier, safeFallbackReply } from "../stages/generation/safe-replies";
import { createTurnLoop } from "../stages/regeneration/guarded-regeneration";
import type { ToolCall } from "../stages/tools/run-tools";
import { runStage } from "./stage";
import type { TurnContext } from "./turn-context";
import type { TurnEnding } from "./turn-stage";

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
  /** ISO 639-1 code of the reply's language when it is not English (stages/language/README.md). */
  replyLanguage?: string;
  /** The knowledge passages that answer the message (docs/knowledge.md). */
  knowledge?: readonly Passage[];
}

export interface DraftLoopResult {
  response: string;
  outcome: TurnOutcomeKind;
  handoff?: HandoffRequest | null;
  fallbackReason: FallbackReason | "enforcement_exhausted" | null;
  checks: RuleCheck[];
  violations: RuleCheck[];
  regenerations: number;
  loops: TurnLoopRecord[];
  /** The passage ids the shipped draft declared (absent for a fallback or a fixed draft). */
  citations?: string[];
}

/**
 * Stages 7–10 (docs/pipeline.md: generation, extraction, enforcement, regenerate or fall back):
 * generate a draft, extract what it says, enforce both lanes; a violation regenerates while the loop
 * guardrails (docs/loops.md) allow, and an
 * exhausted loop ships the safe template — or hands off when a rule still broken says so
 * (`on_violation: handoff`, docs/handoffs.md). A draft that failed a hard constraint is never returned.
 */
export async function runDraftLoop(ctx: TurnContext, input: DraftLoopInput): Promise<DraftLoopResult> {
  const loop = createTurnLoop(ctx.input.turnId, ctx.settings);
  let violations: GenerateRequest["violations"] = [];
  let checks: RuleCheck[] = [];
  const caught: RuleCheck[] = [];
  const result = (attempt: number, ending: TurnEnding & { citations?: string[] }): DraftLoopResult => ({
    ...ending,
    checks,
    violations: caught,
    regenerations: attempt,
    loops: loop.records(),
  });
  for (let attempt = 0; ; attempt++) {
    const request = buildGenerateRequest(ctx.agent, ctx.session, {
      message: ctx.input.message,
      matched: input.matched,
      toolCalls: input.toolCalls,
      missing: input.missing,
      violations,
      ...(ctx.input.operatorNote ? { operatorNote: ctx.input.operatorNote } : {}),
      ...(input.replyLanguage ? { replyLanguage: input.replyLanguage } : {}),
      ...(input.knowledge ? { knowledge: input.knowledge } : {}),
    });
    const fixed = attempt === 0 ? input.fixedDraft : undefined;
    const draft = await runStage(ctx, attempt === 0 ? generationStage : regenerationStage, {
      request,
      attempt,
      ...(fixed ? { fixed } : {}),
    });
    if (!draft.ok)
      return result(attempt, { response: safeClarifier(ctx), outcome: "fallback", fallbackReason: draft.reason });
    const enforced = await enforceDraft(ctx, input, request, draft.value, attempt, fixed?.text);
    checks = enforced.checks;
    caught.push(...enforced.failed);
    const next = loop.complete(enforced.checks, ctx.ports.clock.now());
    if (enforced.failed.length === 0)
      return result(attempt, {
        response: draft.value.text,
        outcome: attempt === 0 ? "answered" : "regenerated",
        fallbackReason: null,
        ...(draft.value.citations ? { citations: draft.value.citations } : {}),
      });
    if (!next.rerun) return result(attempt, exhaustedEnding(ctx, enforced.failed));
    violations = violationsToExplain(ctx, enforced.failed);
  }
}

/** Stages 8 and 9 over one draft: extract what it says, then check it against both lanes. */
async function enforceDraft(
  ctx: TurnContext,
  input: DraftLoopInput,
  request: GenerateRequest,
  draft: GenerateOutput,
  attempt: number,
  fixedDraft: string | undefined,
): Promise<EnforcementResult> {
  const claims = readClaims(draft.claims, ctx.agent.snapshot.responseVariables);
  const extraction = await runStage(ctx, extractionStage, draft.text);
  return runStage(ctx, enforcementStage, {
    draft: draft.text,
    matched: input.matched,
    extracted: extraction.values,
    unresolvedMoney: extraction.unresolvedMoney,
    ...(extraction.uncertainMoney ? { uncertainMoney: extraction.uncertainMoney } : {}),
    query: input.message,
    groundingContext: groundingText(request),
    evidence: groundingEvidence(ctx.agent, ctx.session, ctx.input, request, fixedDraft ? { fixedDraft } : {}),
    ...(input.replyLanguage ? { replyLanguage: input.replyLanguage } : {}),
    attempt,
    claims,
  });
}

/**
 * Regeneration is exhausted and the last draft still breaks these rules: the first of them that says
 * `on_violation: handoff` hands the conversation to a person; otherwise the safe fallback ships.
 */
function exhaustedEnding(ctx: TurnContext, failed: RuleCheck[]): TurnEnding {
  const handingOff = failed.find((failure) => ctx.agent.rulesById.get(failure.ruleId)?.rule.onViolation === "handoff");
  if (!handingOff)
    return { response: safeFallbackReply(), outcome: "fallback", fallbackReason: "enforcement_exhausted" };
  return {
    response: ctx.settings.handoff.message,
    outcome: "handoff",
    fallbackReason: "enforcement_exhausted",
    handoff: { reason: "rule", detail: handingOff.ruleKey },
  };
}

/** What the next draft is told about each rule the last one broke. */
function violationsToExplain(ctx: TurnContext, failed: RuleCheck[]): GenerateRequest["violations"] {
  return failed.map((failure) => {
    if (failure.ruleKey === UNGROUNDED)
      return { ruleName: failure.ruleName, actionText: UNGROUNDED_INSTRUCTION, detail: failure.detail };
    const rule = ctx.agent.rulesById.get(failure.ruleId)?.rule;
    return { ruleName: failure.ruleName, actionText: rule?.actionText ?? "", detail: failure.detail };
  });
}

function groundingText(request: GenerateRequest): string {
  return [
    request.step?.instructions ?? "",
    ...request.ruleActions.map((r) => r.actionText),
    JSON.stringify(request.toolOutputs),
    JSON.stringify(request.profile),
  ].join("\n");
}
