// A logistic regression fitted by full-batch gradient descent from zeros: deterministic, no library,
// enough for the answerability model's few numbers.

export interface Sample {
  x: readonly number[];
  y: 0 | 1;
}

export interface Logistic {
  w: number[];
  bias: number;
}

const STEPS = 20_000;
const RATE = 0.5;
/** A little L2 so separable data keeps finite weights. */
const L2 = 1e-3;

function fitLogistic(samples: readonly Sample[], l2 = L2): Logistic {
  const dims = samples[0]?.x.length ?? 0;
  const w = new Array<number>(dims).fill(0);
  let bias = 0;
  const n = Math.max(1, samples.length);
  for (let step = 0; step < STEPS; step++) {
    const g = new Array<number>(dims).fill(0);
    let gb = 0;
    for (const sample of samples) {
      const error = probability({ w, bias }, sample.x) - sample.y;
      for (let i = 0; i < dims; i++) g[i] = (g[i] ?? 0) + error * (sample.x[i] ?? 0);
      gb += error;
    }
    for (let i = 0; i < dims; i++) w[i] = (w[i] ?? 0) - RATE * ((g[i] ?? 0) / n + l2 * (w[i] ?? 0));
    bias -= RATE * (gb / n);
  }
  return { w, bias };
}

export function probability(model: Logistic, x: readonly number[]): number {
  let z = model.bias;
  for (const [i, weight] of model.w.entries()) z += weight * (x[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

/** Area under the ROC curve of `score` for positives over negatives (ties count half). */
export function auroc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const q of negatives) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/**
 * The same fit on features scaled to mean 0 and deviation 1 (so one L2 weighs them alike and the
 * descent converges whatever their units), written back as weights on the features as they are.
 */
export function fitStandardised(samples: readonly Sample[], l2: number): Logistic {
  const dims = samples[0]?.x.length ?? 0;
  const n = Math.max(1, samples.length);
  const mean = Array.from({ length: dims }, (_, i) => samples.reduce((sum, s) => sum + (s.x[i] ?? 0), 0) / n);
  const deviation = mean.map(
    (m, i) => Math.sqrt(samples.reduce((sum, s) => sum + ((s.x[i] ?? 0) - m) ** 2, 0) / n) || 1,
  );
  const scaled = samples.map((s) => ({ y: s.y, x: s.x.map((v, i) => (v - (mean[i] ?? 0)) / (deviation[i] ?? 1)) }));
  const fitted = fitLogistic(scaled, l2);
  const w = fitted.w.map((weight, i) => weight / (deviation[i] ?? 1));
  const bias = fitted.bias - w.reduce((sum, weight, i) => sum + weight * (mean[i] ?? 0), 0);
  return { w, bias };
}
