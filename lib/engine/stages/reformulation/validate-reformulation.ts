import { plural } from "@/lib/text/plural";
import type {
  CriterionResult,
  GoalEvidence,
  ReformulationFinding,
  ReformulationType,
  ReformulationVerdict,
} from "../../contracts/goal-state";
import { breadthFindings, narrowsScope } from "./breadth-findings";
import { classifyReformulation } from "./classify-reformulation";
import { type ModelTokenPair, mapIntentTokens } from "./map-intent-tokens";
import { groundInEvidence, newContentPhrases } from "./new-content";
import { tokenize } from "./text-tokens";
import {
  CRITERION_CODE,
  MAX_SCOPE_EXPANSIONS,
  MIN_CONFIDENCE,
  MIN_INTENT_PRESERVATION,
  MIN_SUPPORTING_EVIDENCE,
} from "./thresholds";

export interface ValidateReformulationInput {
  original: string;
  reformulated: string;
  /** The type the candidate claims; the verdict reports the detected one beside it. */
  type: ReformulationType;
  confidence: number;
  evidence: GoalEvidence[];
  /** Model-judged token mappings, used after the exact, stem and equivalence passes. */
  modelPairs?: ModelTokenPair[];
}

function criterion(
  name: CriterionResult["criterion"],
  value: number,
  threshold: number,
  comparison: CriterionResult["comparison"],
  detail: string,
  passed = comparison === "at_least" ? value >= threshold : value <= threshold,
): CriterionResult {
  return { criterion: name, passed, value, threshold, comparison, code: CRITERION_CODE[name], detail };
}

/** Evidence grounding: what the candidate adds that neither the original nor any evidence item holds. */
function ungroundedFindings(grounding: ReturnType<typeof groundInEvidence>): ReformulationFinding[] {
  return grounding.ungrounded.map((p) => ({
    kind: p.entity ? "ungrounded_entity" : "ungrounded_content",
    tokens: [p.text],
    detail: `"${p.text}" is in neither the original nor any evidence item`,
  }));
}

/**
 * What widens the scope: the breadth findings, plus new entities not in the original and not supported
 * by evidence; one already added by a conjunction counts once.
 */
function scopeExpansions(breadth: ReformulationFinding[], ungrounded: ReformulationFinding[]): ReformulationFinding[] {
  const named = new Set(breadth.flatMap((f) => f.tokens));
  return [
    ...breadth,
    ...ungrounded.filter((f) => f.kind === "ungrounded_entity" && !f.tokens.some((t) => named.has(t))),
  ];
}

function evidenceCriterion(
  grounding: ReturnType<typeof groundInEvidence>,
  ungrounded: ReformulationFinding[],
): CriterionResult {
  const supporting = grounding.supportingIds.length;
  return criterion(
    "evidence_support",
    supporting,
    MIN_SUPPORTING_EVIDENCE,
    "at_least",
    ungrounded.length > 0
      ? `not grounded in evidence: ${ungrounded.map((f) => `"${f.tokens[0]}"`).join(", ")}`
      : supporting > 0
        ? `${plural(supporting, "evidence item")} ${supporting === 1 ? "supports" : "support"} it: ${grounding.supportingIds.join(", ")}`
        : "no evidence item supports the candidate",
    supporting >= MIN_SUPPORTING_EVIDENCE && ungrounded.length === 0,
  );
}

/** The five criteria, in order. */
function criteriaOf(
  input: ValidateReformulationInput,
  intent: ReturnType<typeof mapIntentTokens>,
  evidence: CriterionResult,
  expansions: ReformulationFinding[],
): CriterionResult[] {
  return [
    criterion(
      "confidence",
      input.confidence,
      MIN_CONFIDENCE,
      "at_least",
      `confidence ${input.confidence} ${input.confidence >= MIN_CONFIDENCE ? "≥" : "<"} ${MIN_CONFIDENCE}`,
    ),
    criterion(
      "intent_preservation",
      intent.preservation,
      MIN_INTENT_PRESERVATION,
      "at_least",
      `${intent.mapped} of ${plural(intent.total, "content token")} of the original map into the candidate`,
    ),
    evidence,
    criterion(
      "scope_reduction",
      expansions.length,
      MAX_SCOPE_EXPANSIONS,
      "at_most",
      expansions.length === 0 ? "no breadth increase" : expansions.map((f) => f.detail).join("; "),
    ),
    // The original is kept apart from the reformulation in the goal state, so it can always be
    // restored; only a blank original (refused at the API) would leave nothing to restore.
    criterion(
      "reversibility",
      input.original.trim() === "" ? 0 : 1,
      1,
      "at_least",
      "the original goal stays in the goal state and can be restored at any time",
    ),
  ];
}

/**
 * Validate against the five criteria (docs/goals.md), in the order of their abort codes
 * (confidence 007, intent preservation 008, evidence 009, scope 010, reversibility). Every criterion
 * is evaluated; the first failing one gives `code`; all failing ones are in `failed_criteria`.
 * Pure and deterministic: same input, same verdict.
 */
export function validateReformulation(input: ValidateReformulationInput): ReformulationVerdict {
  const original = tokenize(input.original);
  const candidate = tokenize(input.reformulated);
  const intent = mapIntentTokens(original, candidate, input.modelPairs);
  const added = newContentPhrases(candidate, intent.usedCandidatePositions);
  const grounding = groundInEvidence(candidate, added, input.evidence);
  const ungrounded = ungroundedFindings(grounding);
  const breadth = breadthFindings(original, candidate, intent, added);
  const criteria = criteriaOf(
    input,
    intent,
    evidenceCriterion(grounding, ungrounded),
    scopeExpansions(breadth, ungrounded),
  );
  const failed = criteria.filter((c) => !c.passed);
  const findings = [...breadth, ...ungrounded];
  return {
    accepted: failed.length === 0,
    code: failed.find((c) => c.code !== null)?.code ?? null,
    criteria,
    failed_criteria: failed.map(({ passed: _passed, ...rest }) => rest),
    intent_preservation: intent.preservation,
    mapping: intent.mapping,
    detected_type: classifyReformulation({
      findings,
      preservation: intent.preservation,
      added,
      narrows: narrowsScope(original, candidate, added),
    }),
    findings,
  };
}
