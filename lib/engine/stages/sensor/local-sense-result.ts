import type { SensorOutput } from "../../contracts/model";
import { round3, type ScoredIntent } from "./intent-scores";

/** A local decision never claims more than this: `sensor.local_confidence` = 1 always asks the model. */
const MAX_LOCAL_CONFIDENCE = 0.99;

export type LocalDecision = "enter" | "stay" | "transition" | "switch" | "exit" | "ambiguous" | "none" | "out_of_scope";

export interface LocalSenseResult {
  context: SensorOutput;
  /** Calibrated: how likely the routing this Context leads to is the right one. */
  confidence: number;
  decision: LocalDecision;
  why: string;
  /** Declared profile fields the message seems to state but no extractor could read. */
  unextracted: string[];
  anchored: boolean;
  top: { label: string; score: number; confidence: number }[];
  /** A tie between two scenarios: how the clarifying question names each ("a refund request"). */
  between: [string, string] | null;
}

function cap(x: number): number {
  return round3(Math.min(MAX_LOCAL_CONFIDENCE, Math.max(0, x)));
}

export function result(
  context: SensorOutput,
  confidence: number,
  decision: LocalDecision,
  why: string,
  extras: { unextracted: string[]; anchored: boolean; scored: ScoredIntent[] },
  between: [string, string] | null = null,
): LocalSenseResult {
  return {
    context,
    confidence: cap(confidence),
    decision,
    why,
    unextracted: extras.unextracted,
    anchored: extras.anchored,
    top: extras.scored
      .slice(0, 3)
      .map((s) => ({ label: s.intent.label, score: round3(s.score), confidence: s.confidence })),
    between,
  };
}
