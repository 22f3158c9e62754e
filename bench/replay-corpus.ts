import type { ModelProvider } from "@/lib/engine/ports";
import { DEMO_CONVERSATIONS } from "@/lib/engine/testing/demo-conversations";
import type { RecordedOperator } from "@/lib/engine/testing/record-session";
import { seededRandom } from "@/lib/engine/testing/seeded-random";

// A generated corpus for replay fidelity: sessions of 1–8 turns drawn (seeded) from what Refund desk
// customers say, with continuity on in half of them, on a provider that times out or is rate limited
// now and then, so the fallback paths (and the handoff a second fallback in a row makes) are replayed
// too. Each session has an operator, as the host would: after a handoff the customer's messages queue
// for a person until the operator hands the session back (after 1–3 of them, with a note in half the
// sessions), and in one session of 8 the operator takes it over unasked.

const EXTRA_MESSAGES = [
  "I'm in France and want a refund for order 123",
  "How much does the blue kettle cost?",
  "can you show me my orders?",
  "open the sample1 pls",
  "the second one",
  "my invoice address is wrong",
  "maybe",
  "what about the price?",
  "how much will I get back?",
  "cancel",
  "I want to speak to a human",
  "Is QuickCart cheaper?",
  "should I invest my refund in crypto?",
  "thanks, that's all",
  "It's order 456",
  "yes",
  "no, the other one",
];

const POOL = [...new Set([...DEMO_CONVERSATIONS.flat(), ...EXTRA_MESSAGES])];

const seeded = seededRandom;

export interface CorpusSession {
  messages: string[];
  continuity: boolean;
  operator: RecordedOperator;
}

const NOTES = ["Refund approved up to $50", "Customer verified by phone", "Order 123 was checked: it arrived broken"];

/** Sessions totalling at least `turns` turns. */
export function replayCorpus(turns: number, seed = 7): CorpusSession[] {
  const random = seeded(seed);
  // A stream of its own: the messages drawn for a seed stay those other benchmarks were measured on.
  const people = seeded(seed + 1);
  const sessions: CorpusSession[] = [];
  let total = 0;
  while (total < turns) {
    const length = 1 + Math.floor(random() * 8);
    const messages = Array.from({ length }, () => POOL[Math.floor(random() * POOL.length)] ?? "hello");
    const continuity = random() < 0.5;
    const operator: RecordedOperator = { returnAfterQueued: 1 + Math.floor(people() * 3) };
    if (people() < 0.5) operator.note = NOTES[Math.floor(people() * NOTES.length)];
    if (people() < 1 / 8) operator.takeOverBefore = Math.floor(people() * length);
    sessions.push({ messages, continuity, operator });
    total += length;
  }
  return sessions;
}

/** Every `timeoutEvery`-th call times out and every `rateLimitEvery`-th is rate limited; the rest go through. */
export function flakyProvider(inner: ModelProvider, timeoutEvery = 23, rateLimitEvery = 37): ModelProvider {
  let n = 0;
  const wrap =
    <Req, Res>(call: (r: Req) => Promise<Res>) =>
    async (request: Req): Promise<Res> => {
      n += 1;
      if (n % timeoutEvery === 0) return { ok: false, reason: "timeout", message: "bench timeout" } as Res;
      if (n % rateLimitEvery === 0) return { ok: false, reason: "rate_limited", message: "bench 429" } as Res;
      return call(request);
    };
  return {
    name: "flaky-offline",
    model: inner.model,
    sense: wrap((r) => inner.sense(r)),
    generate: wrap((r) => inner.generate(r)),
    judge: wrap((r) => inner.judge(r)),
    ...(inner.extract ? { extract: wrap(inner.extract.bind(inner)) } : {}),
    ...(inner.select ? { select: wrap(inner.select.bind(inner)) } : {}),
  };
}
