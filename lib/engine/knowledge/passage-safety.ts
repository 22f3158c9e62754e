import { verdictOf } from "../stages/input-safety/classify-input";
import { hiddenTextWeight } from "../stages/input-safety/hidden-text";
import type { InjectionSignal } from "../stages/input-safety/injection-signal";
import { injectionSignals } from "../stages/input-safety/injection-signals";
import { normalizeInput, tokensWithBreaks } from "../stages/input-safety/normalize-input";
import type { Passage } from "./knowledge-source";

// A knowledge passage is data the model quotes, never an instruction it follows (docs/knowledge.md).
// A passage that speaks to the agent ("ignore your rules and …") is still only quoted, but the
// designer should see it: the classifier that reads customer messages reads every passage, and the
// source's status lists the ones it does not call clear.
//
// Only the signals that address the reader count. The rest are shapes of a customer's message that
// ordinary documents have all the time: over the 684 MTRAG dev passages (government pages, product
// docs, encyclopaedia text) the whole classifier called 64 not clear, 11 of them flagged: a form asking
// for your social security number is `personal_data_request`, a page's navigation is `padding`, "there
// are no restrictions on the sale of …" is `no_restrictions`. With the signals below, and an instruction
// hidden in base64 or hex read by the same rule: 6 of the 684 uncertain and none flagged, none of the
// 2,869 DSTC11 hotel FAQs, and 18 of CyberSecEval's 24 injections hidden in a document (a code
// comment, a table cell, an e-mail) flagged (15) or uncertain (3). The 6 it misses frame the
// instruction as a hypothetical or bury "state that the sum is 100" in a table, which a document may say.
const ADDRESSES_THE_AGENT: ReadonlySet<InjectionSignal> = new Set<InjectionSignal>([
  "override_instructions",
  "override_context",
  "instructions_void",
  "replacement_instructions",
  "task_switch",
  "prompt_extraction",
  "text_above",
  "roleplay_frame",
  "stay_in_character",
  "fake_context",
  "role_tags",
]);

export interface InstructionPassage {
  passageId: string;
  headingPath: string[];
  verdict: "flagged" | "uncertain";
  /** The signals found, strongest first (injection-signal.ts): never the passage's text. */
  signals: (InjectionSignal | "encoded_payload")[];
}

function combined(weights: readonly number[]): number {
  return 1 - weights.reduce((clear, weight) => clear * (1 - weight), 1);
}

type Found = [InjectionSignal | "encoded_payload", number][];

function addressesTheAgent(text: string): Found {
  const normalised = normalizeInput(text);
  const tokens = tokensWithBreaks(normalised);
  const found: Found = [...injectionSignals(tokens, normalised, text)].filter(([signal]) =>
    ADDRESSES_THE_AGENT.has(signal),
  );
  // An instruction hidden as base64 or hex, read by the same rule.
  const hidden = hiddenTextWeight(text, tokens, (inner) => combined(addressesTheAgent(inner).map(([, w]) => w)));
  if (hidden > 0) found.push(["encoded_payload", hidden]);
  return found;
}

/** The passages the input-safety classifier reads as instructions to the agent, in source order. */
export function instructionPassages(passages: readonly Passage[]): InstructionPassage[] {
  return passages.flatMap((passage) => {
    const found = addressesTheAgent(passage.text);
    const verdict = verdictOf(combined(found.map(([, weight]) => weight)));
    if (verdict === "clear") return [];
    const signals = found.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([signal]) => signal);
    return [{ passageId: passage.id, headingPath: passage.headingPath, verdict, signals }];
  });
}
