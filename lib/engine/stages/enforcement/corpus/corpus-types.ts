import { seededRandom } from "../../../testing/seeded-random";

// One reply the corpus plays through the whole pipeline against the demo agent.

type CorpusRule = "max-refund" | "no-competitor-mentions" | "no-financial-advice";

export interface CorpusCase {
  /** The class it belongs to; classes are reported one by one. */
  cls: string;
  /**
   * A reply that breaks `rule` (blocked if lane 1 catches it) or a benign look-alike (rule null) that
   * must ship.
   */
  rule: CorpusRule | null;
  reply: string;
}

export interface CorpusClass {
  name: string;
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
