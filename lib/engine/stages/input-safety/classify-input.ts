import { type AbuseList, type AbuseSignal, abuseSignals } from "./abuse-signals";
import { hiddenTextWeight } from "./hidden-text";
import type { InjectionSignal, Weighted } from "./injection-signal";
import { injectionSignals } from "./injection-signals";
import { normalizeInput, tokensWithBreaks } from "./normalize-input";

// The local input-safety classifier (README.md): pure, deterministic, linear in the message's length.
// Signals are combined as independent evidence (1 − Π(1 − weight)) per kind; a kind at or over
// FLAGGED_AT is flagged, at or over UNCERTAIN_AT uncertain — the classifier saying it does not know,
// which is where the optional model check (input-safety-stage.ts) looks.

export type SafetyVerdict = "clear" | "uncertain" | "flagged";
type SafetyKind = "injection" | "abuse";
/** `repeated_attempts` is the stage's: an uncertain message after earlier attempts in the session. */
type InputSignal = InjectionSignal | AbuseSignal | "encoded_payload" | "repeated_attempts";

export interface InputSafetyResult {
  verdict: SafetyVerdict;
  /** The higher of the two kinds' combined scores, 0..1. */
  score: number;
  /** The kind that decided the verdict; null when clear. */
  kind: SafetyKind | null;
  /** The signals found, by name, strongest first: never the customer's text. */
  signals: InputSignal[];
}

const FLAGGED_AT = 0.7;
const UNCERTAIN_AT = 0.4;

export function verdictOf(score: number): SafetyVerdict {
  if (score >= FLAGGED_AT) return "flagged";
  return score >= UNCERTAIN_AT ? "uncertain" : "clear";
}

function combined(weights: Iterable<number>): number {
  let clear = 1;
  for (const weight of weights) clear *= 1 - weight;
  return 1 - clear;
}

function injectionScore(message: string): number {
  const normalised = normalizeInput(message);
  return combined(injectionSignals(tokensWithBreaks(normalised), normalised, message).values());
}

/** Reads one customer message. `abuse` is the agent's list, built once (AbuseList). */
export function classifyInput(message: string, abuse: AbuseList): InputSafetyResult {
  const normalised = normalizeInput(message);
  const tokens = tokensWithBreaks(normalised);
  const injection: Weighted<InjectionSignal | "encoded_payload"> = injectionSignals(tokens, normalised, message);
  const encoded = hiddenTextWeight(message, tokens, injectionScore);
  if (encoded > 0) injection.set("encoded_payload", encoded);
  const abusive = abuseSignals(tokens, abuse);
  const injectionScoreValue = combined(injection.values());
  const abuseScore = combined(abusive.values());
  const score = Math.max(injectionScoreValue, abuseScore);
  const verdict = verdictOf(score);
  const signals = [...injection, ...abusive]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([signal]) => signal);
  const kind = verdict === "clear" ? null : injectionScoreValue >= abuseScore ? "injection" : "abuse";
  return { verdict, score: Math.round(score * 1000) / 1000, kind, signals };
}
