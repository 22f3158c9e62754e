import { type AgentSettings, FatigueSettings, RerunSettings } from "../contracts/agent-settings";

/** RERUN_CONFIG, resolved (AgentSettings.rerun). */
export type RerunConfig = AgentSettings["rerun"];
/** FATIGUE_CONFIG, resolved (AgentSettings.fatigue). */
export type FatigueConfig = AgentSettings["fatigue"];

/** What the guardrails read. A whole resolved AgentSettings fits too (external loops). */
export interface GuardrailConfig {
  rerun: RerunConfig;
  fatigue: FatigueConfig;
}

/**
 * The rerun defaults (docs/loops.md#defaults): max_reruns 3, thresholds 0.75 / 0.25,
 * fatigue +0.15 / −0.05, critical 0.5.
 */
export const DEFAULT_GUARDRAIL_CONFIG: GuardrailConfig = Object.freeze({
  rerun: Object.freeze({ ...RerunSettings.defaults }),
  fatigue: Object.freeze({ ...FatigueSettings.defaults }),
});

/**
 * The turn's own regeneration loop, a guarded loop
 * (docs/decisions.md#the-regeneration-loop-is-a-guarded-loop) whose max_reruns is the agent's
 * enforcement.max_retries (default 1); every other number stays the agent's rerun/fatigue settings.
 */
export function turnLoopConfig(settings: Pick<AgentSettings, "rerun" | "fatigue" | "enforcement">): GuardrailConfig {
  return {
    rerun: { ...settings.rerun, max_reruns: settings.enforcement.max_retries },
    fatigue: { ...settings.fatigue },
  };
}

/**
 * Fatigue blocks a rerun once it reaches RERUN_CONFIG.fatigue_threshold or FATIGUE_CONFIG.critical_threshold
 * (both 0.5 by default): the rerun defaults name two thresholds for the same stop, so the lower one wins.
 */
export function fatigueExceeded(fatigue: number, config: GuardrailConfig): boolean {
  return fatigue >= config.rerun.fatigue_threshold || fatigue >= config.fatigue.critical_threshold;
}

/**
 * Scores and fatigue are rounded to 9 decimals before any comparison, so that sums of binary fractions
 * land where a person expects: 0.35 − 0.30 is an improvement of 0.05 (not 0.04999…), 0.1 × 5 reaches 0.5.
 */
export function round9(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/** Time comes from the caller's Clock: a Date or an ISO string, normalised to `toISOString()` form. */
export function toIsoTimestamp(now: Date | string): string {
  const date = typeof now === "string" ? new Date(now) : now;
  if (Number.isNaN(date.getTime())) throw new RangeError(`invalid timestamp: ${String(now)}`);
  return date.toISOString();
}
