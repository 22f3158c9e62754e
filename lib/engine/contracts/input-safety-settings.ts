import { z } from "zod";
import { section } from "./settings-section";

// What the input-safety stage does with a customer's message (stages/input-safety/README.md,
// docs/input-safety.md). The classifier reads every message unless the mode is `off`.

export const INPUT_SAFETY_MODES = ["off", "flag", "refuse", "handoff"] as const;

/** Insults and slurs aimed at people, and phrases that are abuse whoever they reach: small on purpose. */
export const DEFAULT_ABUSE_WORDS: readonly string[] = [
  "idiot",
  "moron",
  "imbecile",
  "stupid",
  "dumb",
  "retard",
  "retarded",
  "worthless",
  "pathetic",
  "fuck",
  "fucking",
  "fucker",
  "motherfucker",
  "shit",
  "bitch",
  "bastard",
  "asshole",
  "arsehole",
  "cunt",
  "dickhead",
  "twat",
  "wanker",
  "shut up",
  "go to hell",
  "piece of shit",
  "fuck off",
  "screw you",
  "kill yourself",
  "hope you die",
  "stfu",
];

/**
 * `mode`: off (not read), flag (the trace and the dashboard count it; the turn runs as usual), refuse
 * (a flagged message gets `refusal_message`, outcome `refused_input`, no model call), handoff (a
 * flagged message hands the session to a person like a customer's request does). `abuse_words`: words
 * and phrases read as abuse when aimed at someone. `model_check`: an uncertain message is settled by one
 * model call (the judge), when the agent has a model.
 */
export const InputSafetySettings = section(
  {
    mode: z.enum(INPUT_SAFETY_MODES),
    abuse_words: z.array(z.string().trim().min(1).max(60)).max(200),
    refusal_message: z.string().trim().min(1).max(1000),
    model_check: z.boolean(),
  },
  {
    mode: "flag" as (typeof INPUT_SAFETY_MODES)[number],
    abuse_words: [...DEFAULT_ABUSE_WORDS],
    refusal_message: "I can't help with that message. I'm glad to help with your orders, account or our products.",
    model_check: false,
  },
);
