import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnStage } from "../../pipeline/turn-stage";
import { type DetectedLanguage, detectLanguage } from "../../text/language";

export interface LanguageDecision {
  /** What the customer wrote in, or null when the message does not say clearly. */
  detected: string | null;
  /** What the reply is written in: the detected language when allowed, else the agent's default. */
  reply: string;
  /** The agent's default language: its first allowed one, or English. */
  defaultLanguage: string;
  /** The message is clearly in a language the agent does not answer in. */
  unsupported: boolean;
}

const defaultOf = (ctx: TurnContext) => ctx.settings.language.allowed[0] ?? "en";

function decide(ctx: TurnContext, found: DetectedLanguage): LanguageDecision {
  const { allowed } = ctx.settings.language;
  const defaultLanguage = defaultOf(ctx);
  const detected = found.language;
  const unsupported = detected !== null && allowed.length > 0 && !allowed.includes(detected);
  return { detected, reply: detected && !unsupported ? detected : defaultLanguage, defaultLanguage, unsupported };
}

/**
 * Stage 0 (README): the customer's language, read locally (lib/engine/text/language.ts) before anything
 * else. The reply is generated in it; a message clearly in a language the agent does not answer in gets
 * the agent's `language.unsupported_reply` and the turn stops (outcome `clarified`: the customer is
 * asked to write again). No model call.
 */
export const languageStage: TurnStage<LanguageDecision> = {
  name: "language",
  run(ctx) {
    const found = detectLanguage(ctx.input.message, defaultOf(ctx));
    const value = decide(ctx, found);
    return {
      value,
      decision: value.unsupported
        ? `${value.detected}: not among the agent's languages (${ctx.settings.language.allowed.join(", ")}) → ask to write in ${value.defaultLanguage} and stop`
        : value.detected
          ? `${value.detected} (by ${found.by.replace("_", " ")}) → reply in ${value.reply}`
          : `not clear → reply in ${value.reply}`,
      attributes: {
        detected: value.detected,
        by: found.by,
        evidence: found.evidence,
        reply_language: value.reply,
        allowed: ctx.settings.language.allowed,
      },
    };
  },
  settle: (ctx, value) =>
    value.unsupported
      ? { response: ctx.settings.language.unsupported_reply, outcome: "clarified", fallbackReason: null }
      : null,
  outcomeParts: (value) => ({ language: { detected: value.detected, reply: value.reply } }),
};
