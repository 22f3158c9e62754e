import { type CompiledAgent, compileAgent, settingsOf } from "../compile/compile-agent";
import type { SessionState } from "../contracts/session-state";
import type { AgentSnapshot } from "../contracts/snapshot";
import type { TurnInput, TurnOutcome } from "../contracts/turn-outcome";
import type { EnginePorts } from "../ports";
import { ambiguityStage } from "../stages/ambiguity/ambiguity-stage";
import { continuityStage } from "../stages/continuity/continuity-stage";
import { offerToolOptions } from "../stages/continuity/offer-tool-options";
import { filteringStage } from "../stages/filtering/filtering-stage";
import { inputSafetyStage } from "../stages/input-safety/input-safety-stage";
import { knowledgeStage } from "../stages/knowledge/knowledge-stage";
import { languageStage } from "../stages/language/language-stage";
import { privacyStage } from "../stages/privacy/privacy-stage";
import { reformulationStage } from "../stages/reformulation/reformulation-stage";
import { retrievalStage } from "../stages/retrieval/retrieval-stage";
import { routingStage } from "../stages/routing/routing-stage";
import { sensorStage } from "../stages/sensor/sensor-stage";
import { toolsStage } from "../stages/tools/tools-stage";
import { variablesStage } from "../stages/variables/variables-stage";
import { type DraftLoopResult, runDraftLoop } from "./draft-stages";
import { finishTurn } from "./finish-turn";
import { type OnStage, SpanRecorder } from "./span-recorder";
import { runStage } from "./stage";
import type { TurnContext } from "./turn-context";
import { TurnSoFar, type TurnStage } from "./turn-stage";

export interface RunTurnOptions {
  /** Told each stage's span as it completes; the outcome is the same with or without it. */
  onStage?: OnStage;
}

/**
 * The turn's stages before the draft loop, in order (docs/pipeline.md). Each runs when its `runsWhen`
 * holds, writes one span, then settles its value into the session and may end the turn; the draft loop (generation, extraction, enforcement,
 * regeneration) follows the last one.
 */
const TURN_STAGES: readonly TurnStage<unknown>[] = [
  privacyStage,
  inputSafetyStage,
  languageStage,
  continuityStage,
  sensorStage,
  ambiguityStage,
  retrievalStage,
  routingStage,
  filteringStage,
  variablesStage,
  toolsStage,
  knowledgeStage,
  reformulationStage,
];

/**
 * One user turn through the linear, fail-fast pipeline (docs/pipeline.md): privacy → input safety → language → continuity → sensor → ambiguity
 * trap → scoped retrieval → routing and filtering → variables → tools → reformulation, then generation →
 * extraction → two-lane enforcement → regenerate or fall back. Pure given its ports: the same snapshot,
 * session, input and ports give the same outcome and spans. Persisting is the host's.
 */
export async function runTurn(
  agentOrSnapshot: CompiledAgent | AgentSnapshot,
  session: SessionState,
  input: TurnInput,
  ports: EnginePorts,
  options: RunTurnOptions = {},
): Promise<TurnOutcome> {
  const agent =
    "rules" in agentOrSnapshot && "globalRules" in agentOrSnapshot
      ? agentOrSnapshot
      : await compileAgent(agentOrSnapshot, ports.embedder);
  return runCompiledTurn(agent, session, input, ports, options);
}

/** runTurn on an agent compiled already: the host's call, with the agent cached per config version. */
export async function runCompiledTurn(
  agent: CompiledAgent,
  session: SessionState,
  input: TurnInput,
  ports: EnginePorts,
  options: RunTurnOptions = {},
): Promise<TurnOutcome> {
  const ctx = turnContext(agent, session, input, ports, options);
  const turn = new TurnSoFar();
  for (const stage of TURN_STAGES) {
    if (stage.runsWhen && !stage.runsWhen(ctx, turn)) continue;
    const value = await runStage(ctx, stage, turn);
    turn.record(stage, value);
    const ending = stage.settle?.(ctx, value) ?? null;
    if (ending) return finishTurn(ctx, turn.outcomeParts(ending));
  }
  return finishTurn(ctx, turn.outcomeParts(await draftReply(ctx, turn)));
}

function turnContext(
  agent: CompiledAgent,
  session: SessionState,
  input: TurnInput,
  ports: EnginePorts,
  options: RunTurnOptions,
): TurnContext {
  return {
    agent,
    settings: settingsOf(agent),
    session: structuredClone(session),
    input,
    ports,
    spans: new SpanRecorder(ports.clock, options.onStage),
    usage: { modelCalls: 0, tokens: { inputTokens: 0, outputTokens: 0 }, byModel: {} },
  };
}

/**
 * Stages 7–10 over what the stages decided: generate, extract, enforce; regenerate while the loop
 * guardrails allow. With continuity on, a listed tool result first becomes the active option set.
 */
function draftReply(ctx: TurnContext, turn: TurnSoFar): Promise<DraftLoopResult> {
  const toolCalls = turn.valueOf(toolsStage);
  if (ctx.input.continuityEnabled === true) offerToolOptions(ctx, toolCalls);
  const { candidates, message } = turn.valueOf(retrievalStage);
  const knowledge = turn.valueIfRan(knowledgeStage)?.passages ?? [];
  // No model and nothing near any scenario: the designer's out-of-scope reply is the draft, not an
  // offline guess, unless the agent's knowledge answers the message; it is still extracted and enforced.
  const fixedDraft =
    turn.valueOf(routingStage).action === "none" && candidates.noScenario === "out_of_scope" && knowledge.length === 0
      ? { text: ctx.settings.sensor.out_of_scope_reply, why: "out-of-scope reply" }
      : undefined;
  const { reply } = turn.valueOf(languageStage);
  return runDraftLoop(ctx, {
    // English is the prompts' own language: only another one is named, so English requests hash as before.
    ...(reply !== "en" ? { replyLanguage: reply } : {}),
    matched: turn.valueOf(filteringStage).matched,
    toolCalls,
    // A tool may have filled a variable the rules were missing.
    missing: turn.valueOf(variablesStage).missing.filter((m) => ctx.session.variables[m.name] === undefined),
    message,
    fixedDraft,
    // Only when there are passages: a request without them hashes as before (replay tapes).
    ...(knowledge.length > 0 ? { knowledge: knowledge.map(({ passage }) => passage) } : {}),
  });
}
