import type { Bundle, BundleScenario, BundleTool } from "@/lib/engine/contracts/bundle";
import { moneyColumnOf } from "./variable-money";
import { phrasesColumnOf } from "./variable-phrases";

// Bundle form → columns of one validated entity: bundle import (write-agent-config.ts) and the editors'
// saves (lib/<entity>/server) write through these, so an entity saved and the same entity imported are
// the same row. Ids and references are the caller's: they differ between a whole import and one save.

export function profileFieldColumns(field: Bundle["profile_fields"][number]) {
  return {
    fieldName: field.field_name,
    displayName: field.display_name,
    description: field.description,
    fieldType: field.field_type,
    validationRules: field.validation_rules,
    extractionHints: field.extraction_hints,
  };
}

export function variableColumns(variable: Bundle["variables"][number]) {
  return {
    name: variable.name,
    type: variable.type,
    description: variable.description,
    patterns: variable.patterns,
    money: moneyColumnOf(variable),
    phrases: phrasesColumnOf(variable),
  };
}

export function toolColumns(tool: BundleTool) {
  return {
    key: tool.key,
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    inputSchema: tool.input_schema as Record<string, unknown>,
    output: tool.output as Record<string, unknown>,
    requiresApproval: tool.requires_approval ?? false,
  };
}

export function scenarioColumns(scenario: BundleScenario, entryStepId: string) {
  return {
    key: scenario.key,
    name: scenario.name,
    description: scenario.description,
    intentLabel: scenario.intent_label,
    entryExamples: scenario.entry_examples,
    entryStepId,
    enabled: scenario.enabled,
  };
}

export function stepColumns(step: BundleScenario["steps"][number], position: number) {
  return {
    key: step.key,
    name: step.name,
    instructions: step.instructions,
    clarificationHint: step.clarification_hint,
    isTerminal: step.is_terminal,
    position,
  };
}
