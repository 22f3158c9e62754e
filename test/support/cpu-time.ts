/**
 * Milliseconds of CPU this process spent running `work` (user + system). The linear-time guards use it
 * instead of the wall clock: on a shared 2-core machine at load 11, a 1.3 s extraction took 11 s of wall
 * time and failed a 5 s bound, while its CPU time stays near 1.3 s. A backtracking matcher still blows
 * any bound here by orders of magnitude (6 s at 25 characters for `(a+)+$`, doubling per character).
 */
export function cpuMillis(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}
