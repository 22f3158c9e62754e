import "server-only";
import { scenarioByKey, stepsOfScenario, transitionsOfScenario } from "@/db/queries/scenarios";
import type { AgentRow, ScenarioRow, StepRow, Transaction, TransitionRow } from "@/db/types";
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
  const row = await scenarioByKey(tx, agent.id, key);
  if (!scenario || !row)
    throw new AppError("NOT_FOUND", `${agent.name} has no scenario "${key}"; reload the scenarios.`);
  const stepRows = await stepsOfScenario(tx, row.id);
  const transitionRows = await transitionsOfScenario(tx, row.id);
  return { row, index, scenario, stepRows, transitionRows };
}
