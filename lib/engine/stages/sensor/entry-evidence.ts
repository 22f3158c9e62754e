import type { ScoredIntent } from "./intent-scores";
import type { Sensing } from "./local-sensing";
import { isNegated } from "./message-phrases";

// What entering a scenario alone reads besides its confidence: the best scenario's support, its margin
// over every other scenario's support, and two checks that send the turn to the model however high
// both are. On CLINC150 train utterances held out from the examples (bench/clinc/calibrate-sizes.ts),
// the local entries that were wrong at the old thresholds were mostly a frame shared with another
// intent's examples ("how many miles can i drive before changing my oil" → tire change), a flipped
// polarity ("that's true" → the "no" intent, whose closest example is "that's not true") or the
// intent's name alone ("where were you made" → "who made you", every example cosine 0.03).
//
// - Evidence: an example, not the scenario's name alone, must carry the match. The name (description
//   or label, at 0.8 of its cosine) is one to three words, and one shared word ("made" in "who made
//   you") is all it takes to match it; when no example reaches cosine 0.3 (about one shared content
//   word among four) and the name scores above every example, the match is the name's.
// - Polarity: the message and its closest example of that scenario must both negate or both not.

/** An example this close carries a match of its own. */
const EXAMPLE_EVIDENCE = 0.3;

/** A check that sends the entry to the model, and the span's words for why. */
interface Refusal {
  check: "example" | "polarity";
  why: string;
}

export interface EntryEvidence {
  /** The best scenario's support (intent-scores.ts). */
  support: number;
  /** Its support minus the best support of any other scenario. */
  margin: number;
  /** Why the local sensor must not enter alone, or null. */
  refusal: Refusal | null;
}

function refusalOf(message: string, best: ScoredIntent): Refusal | null {
  if (best.closestCosine < EXAMPLE_EVIDENCE && best.nameScore > best.closestCosine)
    return { check: "example", why: "only its name resembles the message, none of its examples" };
  const closest = best.closestExample;
  if (closest !== null && isNegated(message) !== isNegated(closest))
    return { check: "polarity", why: `polarity differs from its closest example "${closest}"` };
  return null;
}

export function entryEvidence(s: Sensing, best: ScoredIntent): EntryEvidence {
  const rivalSupport = Math.max(0, ...s.scenarios.filter((x) => x !== best).map((x) => x.support));
  return { support: best.support, margin: best.support - rivalSupport, refusal: refusalOf(s.request.message, best) };
}
