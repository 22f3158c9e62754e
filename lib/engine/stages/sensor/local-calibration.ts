// The local sensor's entry thresholds per agent size. With more scenarios, an unrelated message finds a
// closer example by chance (its best score rises) and a right one has more look-alikes to beat, so the
// floor under "no scenario fits" and the score an entry must reach to be decided alone both rise with
// the number of scenarios. Calibrated on CLINC150 `val` (never `test`): agents of 3, 5, 15 and 30
// intents with 5 entry examples each; the table and how it was chosen are in README.md#calibration.

export interface EntryCalibration {
  /** The calibrated row holds agents with at most this many scenarios. */
  maxScenarios: number;
  /**
   * Offline only: a message whose best scenario scores below this is out of scope (the agent's
   * out-of-scope reply). Chosen where about 70 % of val's out-of-scope messages fall below it.
   */
  outOfScopeBelow: number;
  /**
   * Entry confidence = min(logistic(14 · (score − scoreCentre)), logistic(20 · (margin − marginCentre))):
   * 0.85 (the default `sensor.local_confidence`) at score = scoreCentre + 0.124 and margin =
   * marginCentre + 0.087, the lowest pair at which val's local entries were right ≥ 99 % of the time.
   */
  scoreCentre: number;
  marginCentre: number;
}

const CALIBRATION: readonly EntryCalibration[] = [
  { maxScenarios: 3, outOfScopeBelow: 0.265, scoreCentre: 0.42, marginCentre: 0.05 },
  { maxScenarios: 7, outOfScopeBelow: 0.3, scoreCentre: 0.726, marginCentre: -0.037 },
  { maxScenarios: 20, outOfScopeBelow: 0.36, scoreCentre: 0.776, marginCentre: -0.087 },
  { maxScenarios: Number.POSITIVE_INFINITY, outOfScopeBelow: 0.4, scoreCentre: 0.776, marginCentre: -0.087 },
];

export function entryCalibration(scenarios: number): EntryCalibration {
  return CALIBRATION.find((row) => scenarios <= row.maxScenarios) ?? (CALIBRATION.at(-1) as EntryCalibration);
}
