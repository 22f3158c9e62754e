import "server-only";
import { randomUUID } from "node:crypto";
import {
  deleteSteps,
  insertScenarioRow,
  insertSteps,
  insertTransitions,
  replaceTransitions,
  updateScenarioRow,
  updateStep,
} from "@/db/queries/scenarios";
import type { ScenarioRow, StepRow, Transaction, TransitionRow } from "@/db/types";
import { scenarioColumns, stepColumns } from "@/lib/bundles/entity-columns";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";

/** One stored scenario: its rows (for targeted writes) and its bundle form (keys, for checks and diffs). */
export interface StoredScenario {
  row: ScenarioRow;
  /** Its index in bundle.scenarios: where its issues are reported ("scenarios[1].steps[0].key"). */
  index: number;
  value: BundleScenario;
  /** In authored order, as `value.steps`. */
  stepRows: StepRow[];
  /** In authored order, as `value.transitions`. */
  transitionRows: TransitionRow[];
}

// Scenario rows from a validated BundleScenario. Ids are settled before any write, so every reference
// (scenarios.entry_step_id, transitions.from/to_step_id) is known when its row is written.

function transitionValues(scenarioId: string, scenario: BundleScenario, stepIds: Map<string, string>) {
  return scenario.transitions.map((t, position) => ({
    scenarioId,
    fromStepId: idOf(stepIds, t.from),
    toStepId: idOf(stepIds, t.to),
    conditionText: t.condition_text,
    examples: t.examples,
    position,
  }));
}

function idOf(ids: Map<string, string>, key: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`step "${key}" was not resolved; validate the scenario before writing it`);
  return id;
}

/** A new scenario with fresh ids (create, duplicate). */
export async function insertScenarioRows(tx: Transaction, agentId: string, scenario: BundleScenario): Promise<void> {
  const scenarioId = randomUUID();
  const stepIds = new Map(scenario.steps.map((s) => [s.key, randomUUID()]));
  await insertScenarioRow(tx, {
    id: scenarioId,
    agentId,
    ...scenarioColumns(scenario, idOf(stepIds, scenario.entry_step)),
  });
  await insertSteps(
    tx,
    scenario.steps.map((s, i) => ({ id: idOf(stepIds, s.key), scenarioId, ...stepColumns(s, i) })),
  );
  if (scenario.transitions.length > 0) await insertTransitions(tx, transitionValues(scenarioId, scenario, stepIds));
}

// Not a valid EntityKey (no "~"), so it can never meet a real key under steps_scenario_key_uq.
const parkedKey = (id: string) => `~renaming-${id}`;

/**
 * Writes an edit of a stored scenario, touching only rows that change. The scenario keeps its id; a
 * step that continues a stored one (`match`, step-identity.ts) keeps that step's id, so sessions and
 * STEP rules stay on it; removed steps are deleted; new steps get fresh ids. Transitions are replaced
 * as a whole when any of them changed (nothing points at a transition's id).
 */
export async function updateScenarioRows(
  tx: Transaction,
  stored: StoredScenario,
  scenario: BundleScenario,
  match: readonly (number | null)[],
): Promise<void> {
  const scenarioId = stored.row.id;
  const stepIds = new Map<string, string>();
  const keptRows = new Set<string>();
  scenario.steps.forEach((step, i) => {
    const j = match[i];
    const row = j === null || j === undefined ? undefined : stored.stepRows[j];
    if (row) keptRows.add(row.id);
    stepIds.set(step.key, row?.id ?? randomUUID());
  });

  const removed = stored.stepRows.filter((row) => !keptRows.has(row.id)).map((row) => row.id);
  // Their transitions go with them (ON DELETE CASCADE); the transitions are rewritten below anyway.
  if (removed.length > 0) await deleteSteps(tx, removed);

  const changed = scenario.steps.flatMap((step, i) => {
    const row = stored.stepRows.find((r) => r.id === stepIds.get(step.key));
    if (!row) return [];
    const columns = stepColumns(step, i);
    const same =
      row.key === columns.key &&
      row.name === columns.name &&
      row.instructions === columns.instructions &&
      row.clarificationHint === columns.clarificationHint &&
      row.isTerminal === columns.isTerminal &&
      row.position === columns.position;
    return same ? [] : [{ row, columns }];
  });
  // Keys are unique per scenario at every statement: park the renamed ones first, so a swap (a↔b) or a
  // key handed from one step to another never meets itself half-way.
  for (const { row, columns } of changed) {
    if (row.key !== columns.key) await updateStep(tx, row.id, { key: parkedKey(row.id) });
  }
  for (const { row, columns } of changed) await updateStep(tx, row.id, columns);
  const added = scenario.steps.flatMap((step, i) => {
    const id = idOf(stepIds, step.key);
    return keptRows.has(id) ? [] : [{ id, scenarioId, ...stepColumns(step, i) }];
  });
  if (added.length > 0) await insertSteps(tx, added);

  const own = scenarioColumns(scenario, idOf(stepIds, scenario.entry_step));
  const row = stored.row;
  const ownChanged =
    row.key !== own.key ||
    row.name !== own.name ||
    row.description !== own.description ||
    row.intentLabel !== own.intentLabel ||
    JSON.stringify(row.entryExamples) !== JSON.stringify(own.entryExamples) ||
    row.entryStepId !== own.entryStepId ||
    row.enabled !== own.enabled;
  if (ownChanged) await updateScenarioRow(tx, scenarioId, own);

  const wanted = transitionValues(scenarioId, scenario, stepIds);
  const storedTransitions = stored.transitionRows.map((t, position) => ({
    scenarioId,
    fromStepId: t.fromStepId,
    toStepId: t.toStepId,
    conditionText: t.conditionText,
    examples: t.examples,
    position,
  }));
  if (JSON.stringify(wanted) !== JSON.stringify(storedTransitions)) await replaceTransitions(tx, scenarioId, wanted);
}
