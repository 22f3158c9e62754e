import type { IntentOption, SenseRequest } from "../../contracts/model";
import { contentWords, stem } from "./text";

// Intent score = best cosine of the message to the intent's examples (its description and label count
// at 0.8) + a keyword boost of 0.12 per stem that only this intent's examples or label use (at most
// 0.24). intent_confidence = logistic(10 · (score − 0.35)): a near-copy of an example ≥ 0.95, a
// paraphrase with the distinctive word ~0.9, one shared content word ~0.5, an unrelated message < 0.15.

const BOOST_PER_STEM = 0.12;
const BOOST_MAX = 0.24;

export type VectorOf = (text: string) => Float32Array;

export interface ScoredIntent {
  intent: IntentOption;
  score: number;
  confidence: number;
  /** Stems of the message only this intent's examples or label use. */
  ownWords: number;
}

export function logistic(x: number, slope: number, centre: number): number {
  return 1 / (1 + Math.exp(-slope * (x - centre)));
}

export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

export function labelText(intent: IntentOption): string {
  return intent.kind === "transition" ? "" : intent.label.replace(/^[a-z]+:/, "").replace(/[_:-]+/g, " ");
}

/** Every text the local sensor embeds for one request: the engine embeds them in one port call. */
export function textsToEmbed(request: SenseRequest): string[] {
  const texts = new Set<string>([request.message]);
  for (const intent of request.intents) {
    for (const example of intent.examples) texts.add(example);
    if (intent.description.trim()) texts.add(intent.description);
    const label = labelText(intent);
    if (label.trim()) texts.add(label);
  }
  return [...texts];
}

/** Stems an intent's examples and label use: its vocabulary for the keyword boost. */
export function vocabulary(intent: IntentOption): Set<string> {
  return new Set(contentWords([...intent.examples, labelText(intent)].join(" ")).map(stem));
}

export function scoreIntents(request: SenseRequest, vectorOf: VectorOf): ScoredIntent[] {
  const message = vectorOf(request.message);
  const vocabularies = request.intents.map(vocabulary);
  const stemOwners = new Map<string, number>();
  for (const vocab of vocabularies) for (const s of vocab) stemOwners.set(s, (stemOwners.get(s) ?? 0) + 1);
  const messageStems = new Set(contentWords(request.message).map(stem));

  return request.intents.map((intent, i) => {
    let best = 0;
    for (const example of intent.examples) best = Math.max(best, dot(message, vectorOf(example)));
    for (const text of [intent.description, labelText(intent)]) {
      if (text.trim()) best = Math.max(best, 0.8 * dot(message, vectorOf(text)));
    }
    let ownWords = 0;
    for (const s of messageStems) {
      if (vocabularies[i]?.has(s) && stemOwners.get(s) === 1 && !/^\d+$/.test(s)) ownWords += 1;
    }
    const score = best + Math.min(ownWords * BOOST_PER_STEM, BOOST_MAX);
    return { intent, score, confidence: round3(logistic(score, 10, 0.35)), ownWords };
  });
}
