import type { SenseRequest } from "@/lib/engine/contracts/model";
import type { ModelProvider } from "@/lib/engine/ports";
import { createOfflineProvider } from "@/lib/providers/offline";

/** A customer message with this word times every model call of its turn out: the fallback paths. */
export const GLITCH = "glitch";
/** A customer message with this word times the reply's generation out, after the sensor answered. */
export const HURRY = "hurry";
/** A customer message with this phrase gets a goal reformulation proposed by the sensor. */
export const NARROWING = "only the kettle";

const TIMEOUT = { ok: false, reason: "timeout", message: "corpus timeout" } as const;

function messageOf(request: unknown): string {
  const message = (request as { message?: unknown }).message;
  return typeof message === "string" ? message : "";
}

/**
 * The offline provider with what a hosted model adds: timeouts on a glitching message, and a goal
 * reformulation proposed where the customer narrows what they want. Deterministic, like the offline
 * provider, so the recorded corpus is the same on every run.
 */
export function corpusModel(): ModelProvider {
  const offline = createOfflineProvider();
  const faulty =
    <Req, Res>(call: (request: Req) => Promise<Res>) =>
    async (request: Req): Promise<Res> =>
      messageOf(request).includes(GLITCH) ? (TIMEOUT as Res) : call(request);
  const sense = async (request: SenseRequest) => {
    const sensed = await offline.sense(request);
    if (!sensed.ok || !request.goal || !request.message.includes(NARROWING)) return sensed;
    const proposal = {
      reformulated: "A refund for only the broken kettle of order 123",
      type: "scope_narrowing",
      confidence: 0.9,
      evidence_ids: (request.evidence ?? []).map((e) => e.id),
    };
    return { ...sensed, value: { ...sensed.value, goal_reformulation: proposal } } as typeof sensed;
  };
  return {
    name: offline.name,
    model: offline.model,
    sense: faulty(sense),
    generate: faulty((r) => (r.message.includes(HURRY) ? Promise.resolve(TIMEOUT) : offline.generate(r))),
    judge: faulty((r) => offline.judge(r)),
    ...(offline.extract ? { extract: faulty(offline.extract.bind(offline)) } : {}),
    ...(offline.select ? { select: faulty(offline.select.bind(offline)) } : {}),
  };
}
