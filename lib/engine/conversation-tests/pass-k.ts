// τ-bench's reliability measure: pass^k is the chance that all k tries of a case pass, estimated per
// case from n tries with c passes as C(c, k) / C(n, k), then averaged over cases. pass^1 is the plain
// pass rate c / n.

/** C(n, k), exact for the small n here (tries ≤ 10). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** One case's pass^k from `passes` of `tries`; k must not exceed tries. */
export function casePassHatK(passes: number, tries: number, k: number): number {
  if (tries < 1 || k < 1 || k > tries) throw new RangeError(`pass^${k} needs 1 ≤ k ≤ tries (${tries})`);
  return binomial(passes, k) / binomial(tries, k);
}

export interface SuiteReliability {
  cases: number;
  pass_1: number;
  pass_k: number;
  k: number;
  /** Cases that passed some tries and failed others. */
  flaky: number;
}

export function suiteReliability(results: { passes: number; tries: number }[], k: number): SuiteReliability {
  const n = results.length;
  if (n === 0) return { cases: 0, pass_1: 1, pass_k: 1, k, flaky: 0 };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / n;
  return {
    cases: n,
    pass_1: mean(results.map((r) => casePassHatK(r.passes, r.tries, 1))),
    pass_k: mean(results.map((r) => casePassHatK(r.passes, r.tries, k))),
    k,
    flaky: results.filter((r) => r.passes > 0 && r.passes < r.tries).length,
  };
}
