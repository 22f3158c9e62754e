import type { DetectedReformulationType, ReformulationFinding } from "../../contracts/goal-state";
import type { NewPhrase } from "./new-content";
import { MIN_INTENT_PRESERVATION } from "./thresholds";

export interface ClassifyInput {
  findings: ReformulationFinding[];
  preservation: number;
  added: NewPhrase[];
  narrows: boolean;
}

const EXPANSION_KINDS = new Set<ReformulationFinding["kind"]>([
  "conjunction_adds",
  "wider_time",
  "wider_place",
  "wider_limit",
]);

/**
 * What kind of reformulation this is, the most telling first. Forbidden: an explicit
 * breadth increase, then a dropped constraint, then a different topic (preservation < 0.95), then
 * an ungrounded addition. Allowed: narrowing (a new bound or a smaller range), an added constraint,
 * an output format, else a clarification (everything maps, nothing added).
 */
export function classifyReformulation({
  findings,
  preservation,
  added,
  narrows,
}: ClassifyInput): DetectedReformulationType {
  const has = (predicate: (f: ReformulationFinding) => boolean) => findings.some(predicate);
  if (has((f) => EXPANSION_KINDS.has(f.kind))) return "scope_expansion";
  if (has((f) => f.kind === "constraint_removed")) return "constraint_removal";
  if (preservation < MIN_INTENT_PRESERVATION) return "topic_change";
  if (has((f) => f.kind === "ungrounded_entity" || f.kind === "ungrounded_content")) return "assumption_injection";
  if (narrows) return "scope_narrowing";
  if (added.some((p) => !p.format)) return "constraint_addition";
  if (added.length > 0) return "format_specification";
  return "clarification";
}
