import type { StageName, TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { TurnTape } from "@/lib/engine/replay/tape";

/** What the fidelity test reads back of the recorded corpus. */
export interface RecordedCorpus {
  turns: { sessionId: string; outcome: TurnOutcomeKind; configVersion: number }[];
  /** The reason of each handoff a turn opened. */
  handoffReasons: string[];
  spans: { name: string; status: string; decision: string; attributes: Record<string, unknown> }[];
  tapes: TurnTape[];
}

type Check = (corpus: RecordedCorpus) => boolean;

const spansOf = (corpus: RecordedCorpus, name: StageName) => corpus.spans.filter((s) => s.name === name);
const anySpan = (name: StageName, test: (span: RecordedCorpus["spans"][number]) => boolean): Check => {
  return (corpus) => spansOf(corpus, name).some(test);
};
const attribute = (span: RecordedCorpus["spans"][number], key: string) => span.attributes[key];

/**
 * What shows that the corpus made each stage do its work, not merely run. Keyed by every stage name,
 * so a stage added to the pipeline does not compile here until the corpus exercises it: a stage that
 * does not keep what it reads on the tape then fails the fidelity test.
 */
export const STAGE_EVIDENCE: Record<StageName, { what: string; seen: Check }> = {
  privacy: {
    what: "masks a second e-mail as [EMAIL_2]: the session's vault numbers across turns",
    seen: anySpan("privacy", (s) => (attribute(s, "placeholders") as string[]).includes("[EMAIL_2]")),
  },
  input_safety: {
    what: "refuses an uncertain message after earlier attempts, and hands a flagged one to a person",
    seen: (c) =>
      anySpan("input_safety", (s) => attribute(s, "decided_by") === "repeated_attempts")(c) &&
      anySpan("input_safety", (s) => attribute(s, "action") === "handoff")(c),
  },
  language: {
    what: "reads French, German and Spanish, and stops on a language the agent does not answer in",
    seen: (c) =>
      ["fr", "de", "es"].every((code) => anySpan("language", (s) => attribute(s, "detected") === code)(c)) &&
      anySpan("language", (s) => s.decision.includes("not among the agent's languages"))(c),
  },
  continuity: {
    what: "resolves a follow-up against the option set a listed tool result offered",
    seen: anySpan("continuity", (s) => s.decision.startsWith("resolved")),
  },
  sensor: {
    what: "recognises a customer asking for a person, and asks the model sensor",
    seen: (c) =>
      anySpan("sensor", (s) => attribute(s, "decided_by") === "handoff_examples")(c) &&
      anySpan("sensor", (s) => attribute(s, "decided_by") === "model")(c),
  },
  ambiguity: {
    what: "traps an ambiguous message",
    seen: anySpan("ambiguity", (s) => attribute(s, "is_ambiguous") === true),
  },
  retrieval: {
    what: "hears a customer leave the scenario",
    seen: anySpan("retrieval", (s) => s.decision.includes("exit requested")),
  },
  routing: {
    what: "enters, transitions, stays, exits and clarifies",
    seen: (c) =>
      ["enter", "transition", "stay", "exit", "clarify"].every((action) =>
        anySpan("routing", (s) => attribute(s, "action") === action)(c),
      ),
  },
  filtering: {
    what: "matches rules",
    seen: anySpan("filtering", (s) => ((attribute(s, "matched") as unknown[] | undefined)?.length ?? 0) > 0),
  },
  variables: {
    what: "runs on the matched rules",
    seen: anySpan("variables", (s) => s.status === "ok"),
  },
  tools: {
    what: "calls a tool and pauses one for approval",
    seen: (c) =>
      anySpan("tools", (s) => s.decision.includes("lookup_order ok"))(c) &&
      anySpan("tools", (s) => s.decision.includes("awaits approval"))(c),
  },
  knowledge: {
    what: "answers a shipping question from the Store policies, and says it does not know what they do not say",
    seen: (c) =>
      anySpan("knowledge", (s) => s.decision.includes("Store policies"))(c) &&
      anySpan("knowledge", (s) => s.decision.includes("say so and stop"))(c),
  },
  generation: {
    what: "writes drafts, and times out",
    seen: (c) =>
      anySpan("generation", (s) => s.status === "ok")(c) && anySpan("generation", (s) => s.status === "error")(c),
  },
  extraction: {
    what: "reads values from the reply",
    seen: anySpan("extraction", (s) => !s.decision.startsWith("0 ")),
  },
  enforcement: {
    what: "catches a violation",
    seen: anySpan("enforcement", (s) => s.decision.includes("violation:")),
  },
  regeneration: {
    what: "writes a second draft",
    seen: anySpan("regeneration", (s) => s.status === "ok"),
  },
  reformulation: {
    what: "validates a goal reformulation the model proposed",
    seen: anySpan("reformulation", (s) => s.status === "ok"),
  },
};

const outcomes = (c: RecordedCorpus, kind: TurnOutcomeKind) => c.turns.filter((t) => t.outcome === kind).length;

/** The paths of a turn the host takes around the pipeline: people, faults, configuration versions. */
export const PATH_EVIDENCE: Record<string, Check> = {
  "a customer's request, two fallbacks in a row and input safety each hand off": (c) =>
    ["customer_request", "repeated_fallback", "input_safety"].every((reason) => c.handoffReasons.includes(reason)),
  "messages queue while a person has the session, with and without a holding reply": (c) =>
    outcomes(c, "queued_for_human") >= 10 && c.tapes.some((t) => t.person?.mode === "human"),
  "a return note is told to the agent's next turn": (c) => c.tapes.some((t) => Boolean(t.operator_note)),
  "an approval is approved, denied and expires": (c) =>
    c.tapes.some((t) => t.approval?.decision === "approved") &&
    c.tapes.filter((t) => t.approval?.decision === "denied").length >= 2,
  "fallbacks, regenerations, refusals and pauses": (c) =>
    (["fallback", "regenerated", "refused_input", "awaiting_approval", "clarified"] as const).every(
      (kind) => outcomes(c, kind) > 0,
    ),
  "a returning customer's profile starts a session": (c) => c.tapes.some((t) => t.external?.profile !== undefined),
  "a save between two turns of a session: its turns ran on two configuration versions": (c) =>
    [...new Set(c.turns.map((t) => t.sessionId))].some(
      (id) => new Set(c.turns.filter((t) => t.sessionId === id).map((t) => t.configVersion)).size > 1,
    ),
};
