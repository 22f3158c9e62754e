// A two-feature logistic regression fitted by full-batch gradient descent from zeros: deterministic,
// no library, enough for the answerability model's three numbers.

export interface Sample {
  x: [number, number];
  y: 0 | 1;
}

export interface Logistic {
  w: [number, number];
  bias: number;
}

const STEPS = 20_000;
const RATE = 0.5;
/** A little L2 so separable data keeps finite weights. */
const L2 = 1e-3;

export function fitLogistic(samples: readonly Sample[]): Logistic {
  let w0 = 0;
  let w1 = 0;
  let bias = 0;
  const n = Math.max(1, samples.length);
  for (let step = 0; step < STEPS; step++) {
    let g0 = 0;
    let g1 = 0;
    let gb = 0;
    for (const { x, y } of samples) {
      const p = 1 / (1 + Math.exp(-(w0 * x[0] + w1 * x[1] + bias)));
      g0 += (p - y) * x[0];
      g1 += (p - y) * x[1];
      gb += p - y;
    }
    w0 -= RATE * (g0 / n + L2 * w0);
    w1 -= RATE * (g1 / n + L2 * w1);
    bias -= RATE * (gb / n);
  }
  return { w: [w0, w1], bias };
}

export function probability(model: Logistic, x: readonly [number, number]): number {
  return 1 / (1 + Math.exp(-(model.w[0] * x[0] + model.w[1] * x[1] + model.bias)));
}

/** Area under the ROC curve of `score` for positives over negatives (ties count half). */
export function auroc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const q of negatives) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}
