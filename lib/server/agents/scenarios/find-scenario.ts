import "server-only";
import { and, asc, eq } from "drizzle-orm";
import {
  type AgentRow,
  type ScenarioRow,
  type StepRow,
  scenarios,
  steps,
  type TransitionRow,
  transitions,
} from "@/db/schema";
import type { Transaction } from "@/db/types";
import type { Bundle, BundleScenario } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";

/** One stored scenario: its rows (for targeted writes) and its bundle form (keys, for checks and diffs). */
export interface StoredScenario {
  row: ScenarioRow;
  /** Its index in bundle.scenarios: where its issues are reported ("scenarios[1].steps[0].key"). */
  index: number;
  scenario: BundleScenario;
  /** In authored order, as `scenario.steps`. */
  stepRows: StepRow[];
  /** In authored order, as `scenario.transitions`. */
  transitionRows: TransitionRow[];
}

/** The scenario with this key; NOT_FOUND otherwise (deleted or renamed in another tab). */
export async function findScenario(
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  key: string,
): Promise<StoredScenario> {
  const index = bundle.scenarios.findIndex((s) => s.key === key);
  const scenario = bundle.scenarios[index];
  const [row] = await tx
    .select()
    .from(scenarios)
    .where(and(eq(scenarios.agentId, agent.id), eq(scenarios.key, key)));
  if (!scenario || !row)
    throw new AppError("NOT_FOUND", `${agent.name} has no scenario "${key}"; reload the scenarios.`);
  // The same order readAgentBundle uses, so row i is scenario.steps[i].
  const stepRows = await tx
    .select()
    .from(steps)
    .where(eq(steps.scenarioId, row.id))
    .orderBy(asc(steps.position), asc(steps.key));
  const transitionRows = await tx
    .select()
    .from(transitions)
    .where(eq(transitions.scenarioId, row.id))
    .orderBy(asc(transitions.position), asc(transitions.id));
  return { row, index, scenario, stepRows, transitionRows };
}
