import { entryEvidence } from "./entry-evidence";
import { logistic, round3, type ScoredIntent } from "./intent-scores";
import { type EntryCalibration, entryCalibration } from "./local-calibration";
import { type LocalSenseResult, result } from "./local-sense-result";
import { AMBIGUITY_MARGIN, decided, describeIntent, type Sensing, tiedContext } from "./local-sensing";

// No scenario active: enter the best one, ask between two tied ones, or find the message out of scope.
// Thresholds per agent size are calibrated on CLINC150 val (./local-calibration.ts).

/** Far below the calibrated floor: nothing to route to. Near it, a model may still see a scenario. */
function outOfScope(s: Sensing, best: ScoredIntent | undefined, outOfScopeBelow: number): LocalSenseResult {
  const score = best?.score ?? 0;
  return result(
    { ...s.base, intent_confidence: best?.confidence ?? 0 },
    // 0.85 at half the floor, 0.16 at the floor (the same points as before the sparse vectors).
    logistic(1 - score / outOfScopeBelow, 6.8, 0.244),
    "out_of_scope",
    `no scenario reaches ${outOfScopeBelow} (best ${round3(score)})`,
    s.extras,
  );
}

/** Two scenarios tie: ask which, naming both; the closer the tie, the surer "ambiguous" is. */
function tieBetweenScenarios(s: Sensing): LocalSenseResult | null {
  if (!s.tie) return null;
  const [top, runnerUp] = s.tie;
  const gap = Math.abs(top.score - runnerUp.score);
  return result(
    tiedContext(s, s.tie),
    logistic(AMBIGUITY_MARGIN - gap, 80, 0.0) * 0.95,
    "ambiguous",
    `tie ${top.intent.label} ${round3(top.score)} / ${runnerUp.intent.label} ${round3(runnerUp.score)}`,
    s.extras,
    [describeIntent(top.intent), describeIntent(runnerUp.intent)],
  );
}

/**
 * A confidence no sensible `sensor.local_confidence` accepts: the entry the evidence checks refuse goes
 * to the model, and the confidence still ranks it below every entry they let through.
 */
const ABSTAINING_CONFIDENCE = 0.5;

/** Entering reads the support (two best examples), its margin over every other scenario's, and the evidence checks. */
function enter(s: Sensing, best: ScoredIntent, calibration: EntryCalibration): LocalSenseResult {
  const { support, margin, refusal } = entryEvidence(s, best);
  const confidence = Math.min(
    logistic(support, 14, calibration.scoreCentre),
    logistic(margin, 20, calibration.marginCentre),
  );
  const why = `enter ${best.intent.label} ${round3(best.score)} (support ${round3(support)}, margin ${round3(margin)})`;
  return refusal
    ? decided(s, best, Math.min(confidence, ABSTAINING_CONFIDENCE), "enter", `${why}; ${refusal.why}`)
    : decided(s, best, confidence, "enter", why);
}

/** The decision with no scenario active: out of scope, a tie between two, or entering the best. */
export function senseEntry(s: Sensing): LocalSenseResult {
  const calibration = entryCalibration(
    s.scenarios.length,
    s.scenarios.reduce((sum, x) => sum + x.intent.examples.length, 0),
  );
  const best = s.scenarios[0];
  if (!best || best.score < calibration.outOfScopeBelow) return outOfScope(s, best, calibration.outOfScopeBelow);
  return tieBetweenScenarios(s) ?? enter(s, best, calibration);
}
