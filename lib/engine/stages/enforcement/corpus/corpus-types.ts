import type { DeclaredClaim } from "../../../contracts/model";
import { seededRandom } from "../../../testing/seeded-random";

// One reply the corpus plays through the whole pipeline against the demo agent.

type CorpusRule = "max-refund" | "no-competitor-mentions" | "no-financial-advice";

/** What an honest model declares next to its reply for one response variable (the generation contract's claim). */
export type CorpusClaim = DeclaredClaim;

/**
 * `dev` classes are the ones enforcement was tuned on; `frozen` classes were written from how models
 * write, before the code they measure, and are never edited (README.md).
 */
export type CorpusSplit = "dev" | "frozen";

export interface CorpusCase {
  /** The class it belongs to; classes are reported one by one. */
  cls: string;
  /**
   * A reply that breaks `rule` (blocked if lane 1 catches it) or a benign look-alike (rule null) that
   * must ship.
   */
  rule: CorpusRule | null;
  reply: string;
  /** The claims an honest model declares with this reply, by variable name; absent when not written. */
  claims?: Record<string, CorpusClaim>;
}

export interface CorpusClass {
  name: string;
  split: CorpusSplit;
  /**
   * Lane-1-decidable: a deterministic check over the reply's text can in principle catch every case
   * (the promise or the name is in it, however written). Not decidable: a paraphrase with no number or
   * name, which only a judge can read.
   */
  decidable: boolean;
  /** What the class checks, for the bench's table. */
  about: string;
  cases: CorpusCase[];
}

/** A seeded generator (mulberry32): the same corpus on every run and machine. */
export const seeded = seededRandom;

export const choose = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** The same reply twice is one case. */
export function distinct(cases: CorpusCase[]): CorpusCase[] {
  const seen = new Set<string>();
  return cases.filter((c) => !seen.has(c.reply) && seen.add(c.reply));
}

export const usd = (amount: number): CorpusClaim => ({ amount, currency: "USD" });

/**
 * The demo agent's three response variables as an honest model declares them: the refund the reply
 * promises (null when it promises none), and whether it names a competitor or gives financial advice.
 */
export function honest(said: { refund?: CorpusClaim; competitor?: boolean; advice?: boolean } = {}) {
  return {
    refund_amount: said.refund ?? null,
    competitor_mentioned: said.competitor ?? false,
    financial_advice_given: said.advice ?? false,
  } satisfies Record<string, CorpusClaim>;
}
