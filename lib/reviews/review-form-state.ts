import { STAGE_NAMES, type StageName } from "@/lib/engine/contracts/turn-outcome";
import type { SaveReviewLabelsInput, TurnFault } from "./review-schemas";

// The review form's state: each turn's verdict and fault as the controls hold them. A fault is one
// select value, "rule:<key>" or "stage:<name>", so rules and stages share one list.

export type Verdict = "" | "correct" | "wrong";
export interface TurnLabelDraft {
  verdict: Verdict;
  fault: string;
}

export function faultValue(fault: TurnFault | null): string {
  if (!fault) return "";
  return fault.kind === "rule" ? `rule:${fault.rule_key}` : `stage:${fault.stage}`;
}

function faultOf(value: string): TurnFault | null {
  if (value.startsWith("rule:")) return { kind: "rule", rule_key: value.slice("rule:".length) };
  const stage = value.slice("stage:".length);
  if (value.startsWith("stage:") && (STAGE_NAMES as readonly string[]).includes(stage)) {
    return { kind: "stage", stage: stage as StageName };
  }
  return null;
}

/** The action's input; unlabelled turns are left out, so their order is the labelled turns' order. */
export function labelsInput(
  sessionId: string,
  resolved: boolean | null,
  note: string,
  turnIds: string[],
  drafts: Record<string, TurnLabelDraft>,
): { input: SaveReviewLabelsInput; labelled: string[] } {
  const labelled = turnIds.filter((id) => drafts[id]?.verdict);
  return {
    labelled,
    input: {
      session_id: sessionId,
      resolved,
      note,
      turns: labelled.map((id) => {
        const draft = drafts[id] ?? { verdict: "", fault: "" };
        return {
          turn_id: id,
          verdict: draft.verdict as "correct" | "wrong",
          fault: draft.verdict === "wrong" ? faultOf(draft.fault) : null,
        };
      }),
    },
  };
}

/**
 * Errors keyed by turn id: a path `turns[2].fault…` (server) or ["turns", 2, …] (zod in the browser)
 * names the third labelled turn; anything else goes under "form".
 */
export function errorsByTurn(
  labelled: string[],
  issues: { path: string | readonly PropertyKey[]; message: string }[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const index =
      typeof issue.path === "string"
        ? Number(/^turns\[(\d+)\]/.exec(issue.path)?.[1] ?? Number.NaN)
        : issue.path[0] === "turns" && typeof issue.path[1] === "number"
          ? issue.path[1]
          : Number.NaN;
    const key = Number.isInteger(index) ? (labelled[index] ?? "form") : "form";
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
