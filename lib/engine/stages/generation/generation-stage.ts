import type { GenerateOutput, GenerateRequest, ModelResult } from "../../contracts/model";
import type { Stage, StageReport } from "../../pipeline/stage";
import { countCall, type TurnContext } from "../../pipeline/turn-context";
import { readClaims } from "../enforcement/declared-claims";

export interface DraftRequest {
  request: GenerateRequest;
  /** 0 for the first draft, then one more per regeneration. */
  attempt: number;
  /** A designer's text shipped as the draft instead of a model call (the out-of-scope reply). */
  fixed?: { text: string; why: string };
}

async function writeDraft(
  ctx: TurnContext,
  { request, attempt, fixed }: DraftRequest,
): Promise<StageReport<ModelResult<GenerateOutput>>> {
  if (fixed) {
    return {
      // No model call: no usage and no model name to report.
      value: { ok: true, value: { text: fixed.text } } as ModelResult<GenerateOutput>,
      decision: `${fixed.why} (${fixed.text.length} chars), no model call`,
      attributes: { attempt, fixed_draft: fixed.why },
    };
  }
  const value = countCall(ctx, await ctx.ports.model.generate(request));
  const claims = value.ok ? readClaims(value.value.claims, ctx.agent.snapshot.responseVariables) : undefined;
  return {
    value,
    status: value.ok ? "ok" : "error",
    decision: value.ok
      ? `draft ${attempt === 0 ? "" : `${attempt} `}written (${value.value.text.length} chars)`
      : `generation failed: ${value.reason}`,
    attributes: {
      attempt,
      rule_actions: request.ruleActions.length,
      violations_explained: request.violations.length,
      tool_outputs: request.toolOutputs.length,
      ...(claims && Object.keys(claims.declared).length > 0 ? { claims: claims.declared } : {}),
      ...(claims && claims.problems.length > 0 ? { claim_problems: claims.problems } : {}),
    },
  };
}

/** Stage 7 (README): the first draft of the reply, from the model or the designer's fixed text. */
export const generationStage: Stage<DraftRequest, ModelResult<GenerateOutput>> = {
  name: "generation",
  run: writeDraft,
};

/** Stage 10's retry: a new draft told which rules the last one broke. */
export const regenerationStage: Stage<DraftRequest, ModelResult<GenerateOutput>> = {
  name: "regeneration",
  run: writeDraft,
};
