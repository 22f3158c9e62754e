import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnEnding, TurnStage } from "../../pipeline/turn-stage";
import { AbuseList } from "./abuse-signals";
import { classifyInput, type InputSafetyResult } from "./classify-input";
import { settleWithModel } from "./model-check";

// Stage 0 (README.md, docs/input-safety.md): reads the customer's message before anything else runs.
// `flag` only records; `refuse` ends a flagged turn with the refusal message and `handoff` hands it to a
// person, both before any model call. An uncertain message becomes flagged when earlier messages of the
// session were attempts too, and may be settled by one model call (`model_check`).

/** Earlier customer messages of the session read for repeated attempts (the history holds the last 8 turns). */
const EARLIER_MESSAGES = 6;

type SafetyDecider = "local" | "repeated_attempts" | "model" | "model_failed";

export interface InputSafetyValue {
  result: InputSafetyResult;
  decidedBy: SafetyDecider;
  /** Earlier customer messages of the session that were flagged or uncertain. */
  earlierAttempts: number;
  /** What the turn does about it: nothing, a refusal, or a hand-off. */
  action: "none" | "refuse" | "handoff";
}

const abuseLists = new WeakMap<readonly string[], AbuseList>();

/** The agent's abuse list, read once per settings object. */
function abuseListOf(words: readonly string[]): AbuseList {
  let list = abuseLists.get(words);
  if (!list) {
    list = new AbuseList(words);
    abuseLists.set(words, list);
  }
  return list;
}

/** Earlier customer messages that were flagged, and those that were only uncertain. */
function earlierAttempts(ctx: TurnContext, list: AbuseList): { flagged: number; uncertain: number } {
  const earlier = ctx.session.history.filter((entry) => entry.role === "user").slice(-EARLIER_MESSAGES);
  const verdicts = earlier.map((entry) => classifyInput(entry.text, list).verdict);
  return {
    flagged: verdicts.filter((v) => v === "flagged").length,
    uncertain: verdicts.filter((v) => v === "uncertain").length,
  };
}

async function readMessage(ctx: TurnContext): Promise<InputSafetyValue> {
  const settings = ctx.settings.input_safety;
  const list = abuseListOf(settings.abuse_words);
  let result = classifyInput(ctx.input.message, list);
  let decidedBy: SafetyDecider = "local";
  const earlier = earlierAttempts(ctx, list);
  // One uncertain message is a question; a session that keeps asking it is an attempt.
  if (result.verdict === "uncertain" && (earlier.flagged >= 1 || earlier.uncertain >= 2)) {
    result = { ...result, verdict: "flagged", signals: [...result.signals, "repeated_attempts"] };
    decidedBy = "repeated_attempts";
  } else if (result.verdict === "uncertain" && settings.model_check) {
    const settled = await settleWithModel(ctx, result);
    result = settled.result;
    decidedBy = settled.ok ? "model" : "model_failed";
  }
  const action =
    result.verdict !== "flagged" || settings.mode === "flag" || settings.mode === "off" ? "none" : settings.mode;
  return { result, decidedBy, earlierAttempts: earlier.flagged + earlier.uncertain, action };
}

function decisionOf(value: InputSafetyValue): string {
  const { result } = value;
  if (result.verdict === "clear") return "clear: no signal";
  const what = `${result.verdict} (${result.kind}: ${result.signals.join(", ")}; score ${result.score})`;
  const by = value.decidedBy === "local" ? "" : ` by ${value.decidedBy.replace("_", " ")}`;
  return `${what}${by}${value.action === "none" ? "" : `: ${value.action}`}`;
}

export const inputSafetyStage: TurnStage<InputSafetyValue> = {
  name: "input_safety",
  runsWhen: (ctx) => ctx.settings.input_safety.mode !== "off",
  async run(ctx) {
    const value = await readMessage(ctx);
    return {
      value,
      decision: decisionOf(value),
      attributes: {
        verdict: value.result.verdict,
        score: value.result.score,
        kind: value.result.kind,
        signals: value.result.signals,
        decided_by: value.decidedBy,
        earlier_attempts: value.earlierAttempts,
        mode: ctx.settings.input_safety.mode,
        action: value.action,
      },
    };
  },
  settle(ctx, value): TurnEnding | null {
    if (value.action === "refuse") {
      return { response: ctx.settings.input_safety.refusal_message, outcome: "refused_input", fallbackReason: null };
    }
    if (value.action === "handoff") {
      return {
        response: ctx.settings.handoff.message,
        outcome: "handoff",
        fallbackReason: null,
        handoff: { reason: "input_safety", detail: value.result.signals.join(", ") },
      };
    }
    return null;
  },
};
