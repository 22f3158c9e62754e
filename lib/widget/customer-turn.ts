import type { z } from "zod";
import type { TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { PostTurnResponse } from "@/lib/turns/turn-response-schemas";
import type { StageEvent } from "@/lib/turns/turn-stream";
import type { CustomerTurnResponse, CustomerTurnStreamEvent } from "./customer-response-schemas";

// A turn's answer cut down to what its customer may read (customer-response-schemas.ts): built from the
// operator's answer by keeping fields, never by removing them, so a field added to the provenance later
// stays out of the customer's answer until someone decides it belongs there.

type FullTurn = z.input<typeof PostTurnResponse>;
type CustomerTurn = z.input<typeof CustomerTurnResponse>;
type CustomerStage = Extract<z.input<typeof CustomerTurnStreamEvent>, { event: "stage" }>["data"];

/** The outcomes a customer is told something about; a plain answer or a clarifying question needs no words. */
const PLAIN_REASON: Partial<Record<TurnOutcomeKind, string>> = {
  regenerated: "The first reply did not meet our rules, so it was rewritten before you saw it.",
  fallback: "We could not give a reply that meets our rules, so this is a safe answer.",
  escalated: "This needs a member of our team.",
  handoff: "A member of our team will take over this conversation.",
  queued_for_human: "A member of our team has this conversation and will answer.",
  awaiting_approval: "A member of our team is checking this before we go on.",
  refused_input: "We cannot help with that message.",
  error: "Something went wrong on our side.",
};

/** A cited source as "Why this answer" names it: its title, and a url source's address to link. */
export interface CitedSource {
  title: string;
  url?: string | null;
}

/**
 * "Why this answer" of a turn: the applied rules' names, a sentence for an outcome other than an answer,
 * and the cited sources' titles, each once (a reply citing three passages of one FAQ names it once),
 * a url source's with its address.
 */
export function customerWhyOf(
  outcome: TurnOutcomeKind,
  ruleNames: string[],
  cited: readonly CitedSource[] = [],
): CustomerTurn["why"] {
  const sources = new Map<string, { title: string; url?: string }>();
  for (const { title, url } of cited) {
    if (!sources.has(title)) sources.set(title, url ? { title, url } : { title });
  }
  return {
    rules: ruleNames.map((name) => ({ name })),
    reason: PLAIN_REASON[outcome] ?? null,
    sources: [...sources.values()],
  };
}

export function customerTurnOf(turn: FullTurn): CustomerTurn {
  return {
    turn_id: turn.turn_id,
    session_id: turn.session_id,
    response: turn.response,
    outcome: turn.outcome,
    why: customerWhyOf(
      turn.outcome,
      turn.provenance.rules_applied.map((rule) => rule.name),
      turn.provenance.knowledge?.citations.map((citation) => ({
        title: citation.source_title,
        url: citation.source_url,
      })),
    ),
  };
}

/** A completed stage for the customer's progress line: which one and how it ended, not what it decided. */
export function customerStageOf(stage: StageEvent): CustomerStage {
  return { name: stage.name, status: stage.status, attempt: stage.attempt };
}
