import type { AgentSettings } from "@/lib/engine/contracts/agent-settings";
import { blocksDraft, type RuleCheck, type TurnLoopRecord } from "@/lib/engine/contracts/turn-outcome";
import { turnLoopConfig } from "@/lib/engine/loops/config";
import { turnLoopId } from "@/lib/engine/loops/loop-family";
import type { LoopTraceItem } from "@/lib/engine/loops/loop-trace";
import { processLoopCompletion } from "@/lib/engine/loops/process-loop-completion";

const MISALIGNED_MARGIN = 0.05;
// LoopTraceItem bias_tags holds at most 100 entries; a draft breaking more rules than that is
// regenerated or dropped all the same, the first 100 name it.
const MAX_BIAS_TAGS = 100;

export interface TurnLoop {
  /** Completes the current attempt's loop with its enforcement checks; says whether to regenerate. */
  complete(checks: RuleCheck[], now: Date): { rerun: boolean; reason: string };
  records(): TurnLoopRecord[];
}

/**
 * The turn's regeneration loop is a guarded loop (docs/decisions.md#the-regeneration-loop-is-a-guarded-loop). Each
 * draft's enforcement is a loop completion: alignment = share of decided checks that passed, drift = 1 − relevance when
 * the relevance check ran (else 0), bias tags = the failed rules (the judge plays the PESSIMIST).
 * max_reruns = enforcement.max_retries. Bias echo here sees this turn's loop only; the host may
 * replay the records against the global history when it persists them.
 */
export function createTurnLoop(turnId: string, settings: AgentSettings): TurnLoop {
  const config = turnLoopConfig(settings);
  let family: LoopTraceItem[] = [];
  let biasHistory: Record<string, number> = {};
  // Loop ids allow letters, digits and _ . : - only; a host's turn id is a uuid, anything else is folded.
  let current = turnLoopId(turnId.replace(/[^A-Za-z0-9_.:-]/g, "-").slice(0, 150));
  return {
    complete(checks, now) {
      const decided = checks.filter((c) => c.result === "passed" || blocksDraft(c));
      const passed = decided.filter((c) => c.result === "passed").length;
      const share = decided.length ? passed / decided.length : 1;
      // A draft that failed a hard constraint cannot ship however many others it passed (9 of 10 is
      // still a violation), so the loop sees it below the alignment threshold.
      const failedAny = passed < decided.length;
      const alignment = failedAny ? Math.min(share, config.rerun.alignment_threshold - MISALIGNED_MARGIN) : share;
      const relevance = checks.find((c) => c.ruleKey === "relevance")?.score;
      const outcome = processLoopCompletion(
        {
          loop_id: current,
          reflection_status: "done",
          orchestrator_persona: "FOCAL_ENGINE",
          reflection: {
            alignment_score: Math.max(0, alignment),
            drift_score: relevance === undefined ? 0 : Math.max(0, 1 - relevance),
            summary_valid: true,
            reflection_persona: "PESSIMIST",
            bias_tags: checks
              .filter(blocksDraft)
              .slice(0, MAX_BIAS_TAGS)
              .map((c) => ({ tag: `violation:${c.ruleKey}`, lane: c.lane })),
          },
        },
        { family, biasHistory },
        config,
        now,
      );
      if (!outcome.ok) return { rerun: false, reason: outcome.response.message };
      family = [...family.filter((r) => r.loop_id !== outcome.record.loop_id), outcome.record];
      biasHistory = outcome.biasHistory;
      const decision = outcome.response.decision_result;
      if (decision.decision === "rerun" && outcome.newRecord) {
        family.push(outcome.newRecord);
        current = outcome.newRecord.loop_id;
        return { rerun: true, reason: decision.rerun_reason };
      }
      return {
        rerun: false,
        reason: "finalize_reason" in decision ? String(decision.finalize_reason) : decision.decision,
      };
    },
    records() {
      return family.map((record) => ({ loopId: record.loop_id, record: { ...record } }));
    },
  };
}
