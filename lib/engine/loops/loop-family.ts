import type { LoopTraceItem } from "./loop-trace";

// A loop family is an original loop and its reruns: loop_001, loop_001_r1, loop_001_r2, … Every rerun id
// is `{root}_r{n}` (never `loop_001_r1_r1`), so the family and the rerun number are read off the id.
// A root id must therefore not itself end in `_r<digits>`: `report_r2` is read as rerun 2 of `report`.

const RERUN_SUFFIX = /^(.+)_r([1-9][0-9]*)$/;

/** `loop_001_r2` → `loop_001`; `loop_001` → `loop_001`. */
export function familyRootOf(loopId: string): string {
  return RERUN_SUFFIX.exec(loopId)?.[1] ?? loopId;
}

/** `loop_001_r2` → 2; `loop_001` → 0. */
export function rerunNumberOf(loopId: string): number {
  const n = RERUN_SUFFIX.exec(loopId)?.[2];
  return n === undefined ? 0 : Number(n);
}

function isInFamily(loopId: string, familyRoot: string): boolean {
  return familyRootOf(loopId) === familyRoot;
}

/** `nextRerunId("loop_001", 1)` → `loop_001_r1`. */
export function nextRerunId(familyRoot: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`rerun number must be a positive integer, got ${n}`);
  if (familyRootOf(familyRoot) !== familyRoot) throw new RangeError(`${familyRoot} is a rerun id, not a family root`);
  return `${familyRoot}_r${n}`;
}

/** The id of the loop the engine regenerates a turn in: `turn_<turnId>`, then `turn_<turnId>_r1`, … */
export function turnLoopId(turnId: string): string {
  return `turn_${turnId}`;
}

/**
 * Reruns issued so far in `loopId`'s family: the highest rerun number among the family's ids (the loop
 * being completed included) and the rerun_count any record carries. With contiguous ids this is the
 * number of `_rN` loops; taking the maximum means a gap in storage never hands out an id twice.
 */
export function familyRerunCount(loopId: string, family: readonly LoopTraceItem[]): number {
  const root = familyRootOf(loopId);
  let count = rerunNumberOf(loopId);
  for (const record of family) {
    if (!isInFamily(record.loop_id, root)) continue;
    count = Math.max(count, rerunNumberOf(record.loop_id), record.rerun_count);
  }
  return count;
}

/** Only the records of `loopId`'s family (callers may hand over more). */
export function familyRecords(loopId: string, family: readonly LoopTraceItem[]): LoopTraceItem[] {
  const root = familyRootOf(loopId);
  return family.filter((record) => isInFamily(record.loop_id, root));
}

/**
 * The loop before `loopId` in its lineage (the "previous loop trace"): the record named by its
 * rerun_of, else `_r{n-1}` (the root for `_r1`). Null for an original loop or when it was never stored.
 */
export function previousLoopOf(
  loopId: string,
  current: LoopTraceItem | null,
  family: readonly LoopTraceItem[],
): LoopTraceItem | null {
  const n = rerunNumberOf(loopId);
  if (n === 0) return null;
  const root = familyRootOf(loopId);
  const previousId = current?.rerun_of ?? (n === 1 ? root : `${root}_r${n - 1}`);
  return family.find((record) => record.loop_id === previousId) ?? null;
}

/** `family` with `record` replacing the one of the same loop_id (or appended); the input is not changed. */
export function upsertLoopRecord(family: readonly LoopTraceItem[], record: LoopTraceItem): LoopTraceItem[] {
  const index = family.findIndex((item) => item.loop_id === record.loop_id);
  if (index === -1) return [...family, record];
  return family.map((item, i) => (i === index ? record : item));
}
