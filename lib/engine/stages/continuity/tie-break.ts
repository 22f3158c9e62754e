import type { OptionCandidate, OptionSet } from "./continuity-state";
import { normalizeLabel } from "./evidence-fingerprint";

// Deterministic tie-break: resolve directly only when ALL hold — command-like request, a unique
// exact/normalized label winner in the current candidate set, same activeOptionSetId, same
// activeScope, no question intent, no loop-guard conflict, no command-selection collision.

const COMMAND_START =
  /^(?:please\s+)?(?:open|show|pick|choose|select|take|use|go with|get|view|check|see|i(?:'ll| will)? (?:take|want|choose|pick)|give me|let'?s (?:do|go with)|the|that|this|yes,? )\b/;
const QUESTION = /\?|^(?:what|which|who|why|how|when|where|is|are|does|do|can|could|should|would)\b/;
const EXIT = /\b(?:cancel|stop|start over|never ?mind|forget it|quit)\b/;

export interface TieBreakInput {
  message: string;
  optionSet: OptionSet;
  /** The option set and scope the user is looking at (the session's active ones). */
  activeOptionSetId: string | null;
  activeScope: string | null;
  recentRejectedChoiceIds: string[];
}

export type TieBreakResult =
  | { resolved: true; winner: OptionCandidate; nonWinners: { id: string; why: string }[] }
  | { resolved: false; blockedBy: string; matches: OptionCandidate[]; nonWinners: { id: string; why: string }[] };

function isQuestionIntent(message: string): boolean {
  return QUESTION.test(normalizeLabel(message).replace(/^(?:hi|hey|ok|so)\s+/, "")) || message.includes("?");
}

function isExit(message: string): boolean {
  return EXIT.test(normalizeLabel(message));
}

function tokens(text: string): string[] {
  return normalizeLabel(text).split(" ").filter(Boolean);
}

/** A candidate matches when its id, or its whole label, appears as whole tokens in the message. */
function matchesCandidate(messageTokens: string[], candidate: OptionCandidate): boolean {
  const joined = ` ${messageTokens.join(" ")} `;
  const id = normalizeLabel(candidate.id);
  const label = normalizeLabel(candidate.label);
  return (id !== "" && joined.includes(` ${id} `)) || (label !== "" && joined.includes(` ${label} `));
}

export function deterministicTieBreak(input: TieBreakInput): TieBreakResult {
  const { message, optionSet } = input;
  const messageTokens = tokens(message);
  const matches = optionSet.candidates.filter((c) => matchesCandidate(messageTokens, c));
  const nonWinners = optionSet.candidates
    .filter((c) => !matches.includes(c))
    .map((c) => ({ id: c.id, why: "label not in the message" }));
  const blocked = (blockedBy: string) => ({ resolved: false as const, blockedBy, matches, nonWinners });

  if (isExit(message)) return blocked("stop/cancel escapes");
  if (isQuestionIntent(message)) return blocked("question intent");
  if (input.activeOptionSetId !== optionSet.id) return blocked("option set is not the active one (stale)");
  if (input.activeScope !== optionSet.scope) return blocked("different scope");
  if (matches.length === 0) return blocked("no candidate label in the message");
  if (matches.length > 1) {
    return blocked(`command-selection collision: ${matches.map((m) => m.id).join(", ")} all match`);
  }
  const winner = matches[0] as OptionCandidate;
  const bare = messageTokens.length <= 2;
  if (!bare && !COMMAND_START.test(normalizeLabel(message))) return blocked("not command-like");
  if (input.recentRejectedChoiceIds.includes(winner.id)) return blocked(`loop guard: ${winner.id} was just rejected`);
  return { resolved: true, winner, nonWinners };
}
