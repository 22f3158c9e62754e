import { createHash } from "node:crypto";

/** One bucket in ten thousand: a split's percentages are whole, so 100 buckets a percent leave room for tenths later. */
export const SPLIT_BUCKETS = 10_000;

/**
 * The customer's bucket in one agent's environment: sha256 of agent id, environment and customer id,
 * its first 6 bytes read as a number, modulo 10,000. Stable across processes and restarts, so a
 * customer keeps their version for as long as the split's arms stay the same; different per
 * environment, so a customer in staging's 10 % is not always in production's 10 %.
 */
export function splitBucket(agentId: string, environment: string, customerRef: string): number {
  const digest = createHash("sha256").update(`${agentId}\u0000${environment}\u0000${customerRef}`).digest();
  return digest.readUIntBE(0, 6) % SPLIT_BUCKETS;
}

/** The arm a bucket falls in: arms fill the buckets in their listed order, 100 buckets a percent. */
export function armForBucket<A extends { percent: number }>(arms: readonly A[], bucket: number): A {
  let upTo = 0;
  for (const arm of arms) {
    upTo += arm.percent * (SPLIT_BUCKETS / 100);
    if (bucket < upTo) return arm;
  }
  const last = arms[arms.length - 1];
  if (!last) throw new Error("a split has no arms");
  return last;
}
