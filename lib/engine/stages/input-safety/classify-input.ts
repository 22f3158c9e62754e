import { type AbuseList, type AbuseSignal, abuseSignals } from "./abuse-signals";
import { type InjectionSignal, injectionSignals, type Weighted } from "./injection-signals";
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
/** A base64 run shorter than this is an id or a code ("aGVsbG8=" is one word); 24 characters hold 18 bytes. */
const MIN_ENCODED = 24;
const BASE64_RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;

export function verdictOf(score: number): SafetyVerdict {
  if (score >= FLAGGED_AT) return "flagged";
  return score >= UNCERTAIN_AT ? "uncertain" : "clear";
}

function combined(weights: Iterable<number>): number {
  let clear = 1;
  for (const weight of weights) clear *= 1 - weight;
  return 1 - clear;
}

/** Printable text that a base64 run decodes to, or null when it decodes to bytes no one types. */
function decodedText(run: string): string | null {
  if (run.length < MIN_ENCODED) return null;
  let binary: string;
  try {
    binary = atob(run.length % 4 === 0 ? run : run.slice(0, run.length - (run.length % 4)));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const printable = text.replace(/[^\x20-\x7E\n\t]/g, "").length;
  return printable / Math.max(1, text.length) >= 0.9 && /[a-z]{2,} [a-z]{2,}/i.test(text) ? text : null;
}

/** The strongest injection weight hidden in base64 runs of the message (decoded once, never recursively). */
function encodedWeight(message: string): number {
  let best = 0;
  for (const match of message.matchAll(BASE64_RUN)) {
    const text = decodedText(match[0]);
    if (text === null) continue;
    const inner = injectionScore(text);
    // A decoded instruction is stronger evidence than the same words in plain text: nobody encodes a refund request.
    best = Math.max(best, inner >= FLAGGED_AT ? 0.9 : inner >= UNCERTAIN_AT ? 0.6 : 0);
  }
  return best;
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
  const encoded = encodedWeight(message);
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
