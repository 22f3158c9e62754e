import type { SelectOutput, SelectRequest } from "@/lib/engine/contracts/model";

const ORDINALS: [RegExp, (n: number) => number][] = [
  [/\b(?:first|1st)\b/i, () => 0],
  [/\b(?:second|2nd)\b/i, () => 1],
  [/\b(?:third|3rd)\b/i, () => 2],
  [/\b(?:fourth|4th)\b/i, () => 3],
  [/\blast\b/i, (n) => n - 1],
];

/**
 * Offline stand-in for continuity's grounding (selection) call (docs/continuity.md#resolution):
 * ordinals ("the second one") pick by position in the offered list; anything else asks for more
 * evidence (the active options), which the engine's enrichment loop supplies once.
 */
export function offlineSelect(request: SelectRequest): SelectOutput {
  for (const [pattern, index] of ORDINALS) {
    if (pattern.test(request.message)) {
      const choice = request.candidates[index(request.candidates.length)];
      if (choice) return { decision: "select", choice_id: choice.id, confidence: 0.9, neededEvidenceTypes: [] };
    }
  }
  return { decision: "need_more_info", choice_id: null, confidence: 0.3, neededEvidenceTypes: ["chat_active_options"] };
}
