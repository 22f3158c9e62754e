// The statistics of a split's comparison (docs/environments.md#comparison): a 95 % Wilson interval per
// rate, and whether two arms' rates differ clearly or how many more observations would tell.

// z for a two-sided 95 % interval, and for 80 % power in the sample-size estimate.
const Z_95 = 1.96;
const Z_POWER_80 = 0.8416;

export interface RateInterval {
  count: number;
  of: number;
  rate: number;
  low: number;
  high: number;
}

/** count / of with its 95 % Wilson score interval (sound near 0 and 1, and for small samples). */
export function wilsonInterval(count: number, of: number): RateInterval {
  if (of === 0) return { count, of, rate: 0, low: 0, high: 1 };
  const p = count / of;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / of;
  const centre = (p + z2 / (2 * of)) / denominator;
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of))) / denominator;
  return { count, of, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface MeanInterval {
  sessions: number;
  mean_usd: number;
  low_usd: number;
  high_usd: number;
}

/**
 * A mean cost with its 95 % interval, mean ± 1.96 · sd / √n (the central limit theorem: a
 * conversation's cost is a sum of turns, and a window holds hundreds of them). Never below 0; a single
 * conversation has no spread to estimate, so its interval is the mean alone.
 */
export function meanInterval(sessions: number, mean: number, sd: number | null): MeanInterval {
  const half = sessions > 1 && sd !== null ? (Z_95 * sd) / Math.sqrt(sessions) : 0;
  return { sessions, mean_usd: mean, low_usd: Math.max(0, mean - half), high_usd: mean + half };
}

type Verdict = "clear" | "not_enough" | "no_difference";

export interface Difference {
  verdict: Verdict;
  /** More observations per arm a 95 %/80 % test would need; 0 when clear. */
  more_needed: number;
  words: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * A rate of an arm against the baseline's. Intervals apart: the difference is clear. Otherwise the
 * two-proportion sample size at the rates seen (95 % confidence, 80 % power) says how many more
 * `unit` each arm needs; equal rates give no estimate.
 */
export function compareRates(arm: RateInterval, baseline: RateInterval, unit: string): Difference {
  if (arm.of > 0 && baseline.of > 0 && (arm.low > baseline.high || arm.high < baseline.low)) {
    const direction = arm.rate > baseline.rate ? "higher" : "lower";
    return {
      verdict: "clear",
      more_needed: 0,
      words: `Clearly ${direction}: ${percent(arm.rate)} against ${percent(baseline.rate)}.`,
    };
  }
  const gap = Math.abs(arm.rate - baseline.rate);
  if (gap === 0 || arm.of === 0 || baseline.of === 0) {
    const words =
      arm.of === 0 || baseline.of === 0
        ? `Not enough ${unit} yet: no ${unit} on one side.`
        : `No difference seen yet (${percent(arm.rate)} on both).`;
    return { verdict: "no_difference", more_needed: 0, words };
  }
  const variance = arm.rate * (1 - arm.rate) + baseline.rate * (1 - baseline.rate);
  const needed = Math.ceil(((Z_95 + Z_POWER_80) ** 2 * variance) / (gap * gap));
  const more = Math.max(1, needed - Math.min(arm.of, baseline.of));
  return {
    verdict: "not_enough",
    more_needed: more,
    words: `Not enough ${unit} yet: about ${more.toLocaleString("en-US")} more needed (${percent(arm.rate)} against ${percent(baseline.rate)}).`,
  };
}
