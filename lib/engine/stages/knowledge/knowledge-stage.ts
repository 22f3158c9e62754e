import type { EngineKnowledgeSource } from "../../contracts/snapshot";
import { searchKnowledge } from "../../knowledge/compiled-knowledge";
import { seeksKnowledge } from "../../knowledge/seeks-knowledge";
import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnStage } from "../../pipeline/turn-stage";
import { toolsStage } from "../tools/tools-stage";
import type { KnowledgeStageResult } from "./knowledge-provenance";

/** A source answers where a rule of its scope would apply: everywhere, in its scenario, or at its step. */
function inScopeOf(ctx: TurnContext) {
  const { activeScenarioId, activeStepId } = ctx.session;
  return (source: EngineKnowledgeSource) =>
    source.scope === "GLOBAL" ||
    (source.scope === "SCENARIO" && source.scopeId === activeScenarioId) ||
    (source.scope === "STEP" && source.scopeId === activeStepId);
}

/** "I'm sorry, I don't have information about that…", and the offer of a person unless the designer cleared it. */
function noAnswerReply(ctx: TurnContext): string {
  const { no_answer_reply, offer_person } = ctx.settings.knowledge;
  return offer_person ? `${no_answer_reply} ${offer_person}` : no_answer_reply;
}

/**
 * Knowledge (README.md, docs/knowledge.md): the passages of the sources in scope that best answer the
 * customer's message read in its conversation, and whether they answer it. A question they do not
 * answer, asked where no scenario is active and no tool ran, gets the no-answer reply and the turn
 * stops (`abstained`): the agent says it does not know rather than guess. Runs only for an agent with
 * knowledge; no model call.
 */
export const knowledgeStage: TurnStage<KnowledgeStageResult> = {
  name: "knowledge",
  runsWhen: (ctx) => ctx.agent.knowledge !== null,
  async run(ctx, turn) {
    const knowledge = ctx.agent.knowledge;
    if (!knowledge) throw new Error("the knowledge stage runs only for an agent with knowledge");
    const turns = [
      ...ctx.session.history.map((h) => ({
        role: h.role === "user" ? ("customer" as const) : ("agent" as const),
        text: h.text,
      })),
      { role: "customer" as const, text: ctx.input.message },
    ];
    const found = await searchKnowledge(knowledge, turns, ctx.settings.knowledge.passages_in_prompt, inScopeOf(ctx));
    const seeks = seeksKnowledge(ctx.input.message);
    const covered = ctx.session.activeScenarioId !== null || (turn.valueIfRan(toolsStage)?.length ?? 0) > 0;
    const abstained = seeks && !found.verdict.answerable && !covered;
    const passages = found.verdict.answerable ? found.passages : [];
    const best = found.passages[0];
    return {
      value: { passages, answerable: found.verdict.answerable, answerability: found.verdict.score, seeks, abstained },
      decision: abstained
        ? `no passage answers it (${round(found.verdict.score)}), no scenario or tool covers it → say so and stop`
        : passages.length > 0
          ? `${passages.length} passage(s) from ${[...new Set(passages.map((p) => p.passage.title))].join(", ")}`
          : `no passage answers it (${round(found.verdict.score)}); ${covered ? "the scenario or a tool covers the turn" : "not a question"}`,
      attributes: {
        answerable: found.verdict.answerable,
        answerability: round(found.verdict.score),
        coverage: round(found.verdict.coverage),
        seeks_knowledge: seeks,
        best: best ? { passage_id: best.passage.id, source_id: best.passage.sourceId, score: round(best.score) } : null,
        passages: passages.map((p) => ({
          passage_id: p.passage.id,
          source_id: p.passage.sourceId,
          score: round(p.score),
        })),
      },
    };
  },
  settle: (ctx, value) =>
    value.abstained ? { response: noAnswerReply(ctx), outcome: "abstained", fallbackReason: null } : null,
  outcomeParts: (value) => ({ knowledge: value }),
};

const round = (n: number) => Math.round(n * 1000) / 1000;
