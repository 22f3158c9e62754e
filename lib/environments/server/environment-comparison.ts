import "server-only";
import {
  type ArmCostWindow,
  type ArmTurnWindow,
  splitArmCosts,
  splitArmResolutions,
  splitArmTotals,
  splitArmTurnWindows,
} from "@/db/queries/environment-comparison";
import type { AgentRow, DbOrTx } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { COMPARED_RATES, type ComparisonArm, type ComparisonBody } from "../environment-schemas";
import { compareRates, meanInterval, wilsonInterval } from "../split-statistics";
import { findEnvironment } from "./environment-rows";

// The rates read each arm's latest 10,000 turns: ±1 point at a 50 % rate and ±0.4 at 5 % (95 %
// Wilson), enough to tell the differences a rollout decides on, at a cost that stays under 200 ms
// however long the split runs (bench: environment_comparison_p95_ms_1m).
const COMPARISON_TURNS_PER_ARM = 10_000;

const UNITS: Record<(typeof COMPARED_RATES)[number], string> = {
  handoff: "sessions",
  blocked: "turns",
  fallback: "turns",
  resolution: "reviewed sessions",
};

function armOf(
  arm: { config_version: number; percent: number },
  totals: { sessions: number; turns: number } | undefined,
  counts: ArmTurnWindow | undefined,
  reviews: { reviewed: number; resolved: number } | undefined,
  costs: ArmCostWindow | undefined,
): ComparisonArm {
  const turns = counts?.turns ?? 0;
  const sessions = counts?.sessions ?? 0;
  return {
    config_version: arm.config_version,
    percent: arm.percent,
    sessions: totals?.sessions ?? 0,
    turns: totals?.turns ?? 0,
    window_turns: turns,
    handoff: wilsonInterval(counts?.handoffSessions ?? 0, sessions),
    blocked: wilsonInterval(counts?.blockedTurns ?? 0, turns),
    fallback: wilsonInterval(counts?.fallbackTurns ?? 0, turns),
    resolution: reviews && reviews.reviewed > 0 ? wilsonInterval(reviews.resolved, reviews.reviewed) : null,
    model_calls_per_turn: turns > 0 ? Math.round(((counts?.modelCalls ?? 0) / turns) * 100) / 100 : null,
    p95_latency_ms: counts?.p95LatencyMs ?? null,
    cost_per_conversation:
      costs && costs.sessions > 0 && costs.meanUsd !== null
        ? meanInterval(costs.sessions, costs.meanUsd, costs.sdUsd)
        : null,
  };
}

/**
 * The running split's arms side by side since it started (docs/environments.md#comparison), each rate
 * with its 95 % Wilson interval, and per arm and rate whether it differs clearly from the baseline
 * (the pinned version when it is an arm, else the first arm). 409 when the environment is not split.
 */
export async function splitComparison(db: DbOrTx, agent: AgentRow, name: string): Promise<ComparisonBody> {
  const row = await findEnvironment(db, agent, name);
  if (!row?.splitArms || !row.splitStartedAt) throw new AppError("CONFLICT", `${name} is not split.`);
  const window = {
    agentId: agent.id,
    environment: name,
    versions: row.splitArms.map((arm) => arm.config_version),
    since: row.splitStartedAt,
  };
  const [totals, counts, resolutions, costs] = await Promise.all([
    splitArmTotals(db, window),
    splitArmTurnWindows(db, window, COMPARISON_TURNS_PER_ARM),
    splitArmResolutions(db, window),
    splitArmCosts(db, window, COMPARISON_TURNS_PER_ARM),
  ]);
  const arms = row.splitArms.map((arm) =>
    armOf(
      arm,
      totals.find((t) => t.configVersion === arm.config_version),
      counts.find((c) => c.configVersion === arm.config_version),
      resolutions.find((r) => r.configVersion === arm.config_version),
      costs.find((c) => c.configVersion === arm.config_version),
    ),
  );
  const baseline = arms.find((arm) => arm.config_version === row.pinnedVersion) ?? arms[0];
  if (!baseline) throw new Error("a split has no arms");
  const differences = arms
    .filter((arm) => arm !== baseline)
    .flatMap((arm) =>
      COMPARED_RATES.flatMap((metric) => {
        const mine = arm[metric];
        const theirs = baseline[metric];
        if (!mine || !theirs) return [];
        return [{ config_version: arm.config_version, metric, ...compareRates(mine, theirs, UNITS[metric]) }];
      }),
    );
  return {
    environment: name,
    split_started_at: row.splitStartedAt.toISOString(),
    baseline_version: baseline.config_version,
    arms,
    differences,
  };
}
