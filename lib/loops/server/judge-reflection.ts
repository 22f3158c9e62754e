import "server-only";
import { cosine, round3 } from "@/lib/engine/compile/similarity";
import type { FallbackReason } from "@/lib/engine/contracts/model";
import type { ReflectionInput } from "@/lib/engine/loops";
import type { EnginePorts } from "@/lib/engine/ports";

// A loop posted with its goal and output gets its reflection from Focal (docs/loops.md#reflection):
//   alignment_score = the judge's score (the judge plays the PESSIMIST: 0.95 for a clean output,
//                     0.4 and less for one it fails, offline)
//   drift_score     = 1 − relevance; relevance = cosine(goal, output) / the agent's relevance_threshold
//                     (0.5), capped at 1 — an output the turn engine's relevance check would pass
//                     has drift 0; one sharing nothing with its goal has drift 1
//   summary_valid   = the judge's verdict (passed)
//   bias_tags       = the judge's bias tags, one { tag, source: "pessimist" } each

const JUDGE_RULE = {
  id: "loop_goal",
  name: "Loop goal",
  conditionText: "true",
} as const;

export type JudgedReflection =
  | { ok: true; reflection: ReflectionInput; similarity: number }
  | { ok: false; reason: FallbackReason; message: string };

export async function judgeLoopReflection(
  ports: Pick<EnginePorts, "model" | "embedder">,
  input: { goal: string; output: string; relevanceThreshold: number },
): Promise<JudgedReflection> {
  const verdict = await ports.model.judge({
    rule: { ...JUDGE_RULE, actionText: `Fulfil this goal: ${input.goal}` },
    message: input.goal,
    response: input.output,
  });
  if (!verdict.ok) return { ok: false, reason: verdict.reason, message: verdict.message };
  const [goal, output] = await ports.embedder.embed([input.goal, input.output]);
  const similarity = goal && output ? Math.max(0, cosine(goal, output)) : 0;
  const relevance = input.relevanceThreshold > 0 ? Math.min(1, similarity / input.relevanceThreshold) : 1;
  const clamp = (x: number) => Math.min(1, Math.max(0, round3(x)));
  return {
    ok: true,
    similarity: round3(similarity),
    reflection: {
      alignment_score: clamp(verdict.value.score),
      drift_score: clamp(1 - relevance),
      summary_valid: verdict.value.passed,
      reflection_persona: "PESSIMIST",
      bias_tags: [...new Set(verdict.value.bias_tags)].slice(0, 100).map((tag) => ({ tag, source: "pessimist" })),
    },
  };
}
