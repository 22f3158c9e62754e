import type { CompiledAgent } from "../../compile/compile-agent";
import { EXIT_EXAMPLES } from "../../compile/compile-agent";
import type { FallbackReason, IntentOption, SenseRequest, SensorOutput } from "../../contracts/model";
import type { HandoffRequest } from "../../contracts/turn-outcome";
import type { StageReport } from "../../pipeline/stage";
import { countCall, type TurnContext } from "../../pipeline/turn-context";
import { readGoalState } from "../reformulation/goal-state-transitions";
import { sensingEvidence } from "../reformulation/session-evidence";
import { textsToEmbed } from "./intent-scores";
import type { LocalDecision, LocalSenseResult } from "./local-sense-result";
import { senseLocally } from "./local-sensor";
import { modelStandsBehind } from "./model-sensor";
import { embedTexts } from "./text-vectors";
import { validateEntities } from "./validate-entities";

export const EXIT_INTENT = "exit";
export const TRANSITION_INTENT_PREFIX = "transition:";

export type SensorStageResult =
  | {
      ok: true;
      context: SensorOutput;
      profileUpdates: Record<string, unknown>;
      /** No model configured and the message is far from every scenario: the agent's out-of-scope reply. */
      outOfScope: boolean;
      /** No model configured and the message falls between two scenarios: how the question names them. */
      between: [string, string] | null;
      /** The customer asked for a person (handoff-request.ts): the turn hands off. */
      handoff?: HandoffRequest;
    }
  | { ok: false; reason: FallbackReason; message: string };

/**
 * Decisions the local sensor may take alone when a model stands behind it: positive ones, which name
 * where the conversation goes. "No scenario fits" (none, out of scope) and "unclear" (ambiguous) are
 * the model's to say; a lexical or small embedding model misses paraphrases it has no words for.
 */
const POSITIVE_DECISIONS: ReadonlySet<LocalDecision> = new Set(["enter", "stay", "transition", "switch", "exit"]);

/** The intents the sensor may pick: every enabled scenario, the current step's transitions, and exit. */
function intentOptions(agent: CompiledAgent, activeStepId: string | null): IntentOption[] {
  const options: IntentOption[] = [];
  for (const { scenario } of agent.scenarios.values()) {
    options.push({
      label: scenario.intentLabel || scenario.key,
      kind: "scenario",
      description: scenario.description || scenario.name,
      examples: scenario.entryExamples,
    });
  }
  const scenarioId = activeStepId ? agent.scenarioOfStep.get(activeStepId) : undefined;
  const transitions = scenarioId ? agent.scenarios.get(scenarioId)?.transitionsFrom.get(activeStepId ?? "") : undefined;
  for (const { transition } of transitions ?? []) {
    options.push({
      label: `${TRANSITION_INTENT_PREFIX}${transition.id}`,
      kind: "transition",
      description: transition.conditionText,
      examples: transition.examples,
    });
  }
  options.push({
    label: EXIT_INTENT,
    kind: "exit",
    description: "The customer wants to stop or start over",
    examples: EXIT_EXAMPLES,
  });
  return options;
}

/**
 * Goal reformulation (docs/goals.md): the goal and the evidence a reformulation could cite, only once
 * the session has an original goal — before that a proposal is dropped anyway, so the sensor's prompt does not carry them.
 */
function goalInputs(
  session: TurnContext["session"],
): Pick<SenseRequest, "goal" | "evidence"> & { evidenceTotal: number } {
  const goal = readGoalState(session.goal);
  if (!goal.original) return { goal: null, evidence: [], evidenceTotal: 0 };
  const { items, total } = sensingEvidence(session);
  return {
    goal: { original: goal.original.text, activeReformulation: goal.active_reformulation?.text ?? null },
    evidence: items,
    evidenceTotal: total,
  };
}

function senseRequest(ctx: TurnContext): SenseRequest & { evidenceTotal: number } {
  const { agent, session } = ctx;
  const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
  const step = session.activeStepId ? scenario?.steps.get(session.activeStepId) : undefined;
  return {
    ...goalInputs(session),
    message: ctx.input.message,
    history: session.history,
    intents: intentOptions(agent, step ? session.activeStepId : null),
    profileFields: agent.snapshot.profileFields.map((f) => ({
      fieldName: f.fieldName,
      description: f.description,
      fieldType: f.fieldType,
      extractionHints: f.extractionHints,
    })),
    activeScenario: scenario ? { name: scenario.scenario.name, intentLabel: scenario.scenario.intentLabel } : null,
    activeStep: step ? { name: step.name, instructions: step.instructions } : null,
  };
}

/** The local sensor over the embedder port: every text it compares is embedded in one call. */
async function runLocalSensor(ctx: TurnContext, request: SenseRequest): Promise<LocalSenseResult> {
  return senseLocally(request, await embedTexts(ctx.ports.embedder, textsToEmbed(request)));
}

function localAttributes(local: LocalSenseResult, threshold: number) {
  return {
    local_confidence: local.confidence,
    local_threshold: threshold,
    local_decision: local.decision,
    local_why: local.why,
    local_top: local.top,
    local_unextracted: local.unextracted,
  };
}

/**
 * The turn goes on with this Context, decided locally or by the model: its entities validated against
 * the profile fields, and the sensor span saying who decided (`decidedBy` leads the attributes, `more`
 * closes them).
 */
function sensed(
  ctx: TurnContext,
  request: SenseRequest,
  context: SensorOutput,
  local: { outOfScope: boolean; between: [string, string] | null },
  decisionSuffix: string,
  decidedBy: Record<string, unknown>,
  more: Record<string, unknown>,
) {
  const validation = validateEntities(context.entities ?? {}, ctx.agent.snapshot.profileFields);
  return {
    value: { ok: true, context, profileUpdates: validation.accepted, ...local } as SensorStageResult,
    decision: `intent ${context.detected_intent ?? "none"} ${context.intent_confidence.toFixed(2)}${context.is_ambiguous ? ", ambiguous" : ""}${decisionSuffix}`,
    attributes: {
      ...decidedBy,
      detected_intent: context.detected_intent,
      intent_confidence: context.intent_confidence,
      is_ambiguous: context.is_ambiguous,
      ambiguity_reason: context.ambiguity_reason,
      entities_accepted: Object.keys(validation.accepted),
      entities_rejected: validation.rejected,
      entities_ignored: validation.ignored,
      intents_offered: request.intents.length,
      ...more,
    },
  };
}

/**
 * Stage 1: the local sensor first; when its decision is a positive one (README: enter, stay,
 * transition, switch, exit), its confidence reaches `sensor.local_confidence` and no declared entity
 * the message states is left unextracted, its Context is the turn's and no model is called. Otherwise
 * ONE model call → Context. Entities are validated against the profile fields either way.
 */
export async function runSensor(ctx: TurnContext): Promise<StageReport<SensorStageResult>> {
  const { evidenceTotal, ...request } = senseRequest(ctx);
  const threshold = ctx.settings.sensor.local_confidence;
  const local = await runLocalSensor(ctx, request);
  const modelBehind = modelStandsBehind(ctx.ports.model);
  const positive = POSITIVE_DECISIONS.has(local.decision);
  const decidedLocally = (positive || !modelBehind) && local.confidence >= threshold && local.unextracted.length === 0;
  const localWhy = decidedLocally
    ? `local ${local.confidence.toFixed(2)} ≥ ${threshold}`
    : modelBehind && !positive
      ? `local ${local.decision}: the model decides that`
      : local.unextracted.length > 0
        ? `local left ${local.unextracted.join(", ")} unextracted`
        : `local ${local.confidence.toFixed(2)} < ${threshold}`;
  // Without a model the offline provider's sense is this same local sensor, so its out-of-scope and
  // tie findings hold whoever answered; with a model, the model's Context alone counts.
  const offline = {
    outOfScope: !modelBehind && local.decision === "out_of_scope",
    between: modelBehind ? null : local.between,
  };
  if (decidedLocally) {
    return sensed(
      ctx,
      request,
      local.context,
      offline,
      ` (${localWhy}: ${local.decision})`,
      { decided_by: "local", decided_why: localWhy, ...localAttributes(local, threshold) },
      { model: null },
    );
  }
  const result = countCall(ctx, await ctx.ports.model.sense(request));
  if (!result.ok) {
    return {
      value: { ok: false, reason: result.reason, message: result.message } as SensorStageResult,
      status: "error",
      decision: `sensor failed: ${result.reason}`,
      attributes: {
        decided_by: "model",
        decided_why: localWhy,
        ...localAttributes(local, threshold),
        fallback_reason: result.reason,
        message: result.message,
        intents_offered: request.intents.length,
      },
    };
  }
  const context = result.value;
  return sensed(
    ctx,
    request,
    context,
    offline,
    "",
    { decided_by: "model", decided_why: localWhy, ...localAttributes(local, threshold) },
    {
      evidence_offered: request.evidence?.map((e) => e.id) ?? [],
      evidence_total: evidenceTotal,
      goal_reformulation_proposed: Boolean(context.goal_reformulation),
      model: result.model,
    },
  );
}
