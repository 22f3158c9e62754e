import "server-only";
import type { Passage } from "@/lib/engine/knowledge/knowledge-source";
import { type InstructionPassage, instructionPassages } from "@/lib/engine/knowledge/passage-safety";

// Reading a passage for instructions costs 1–3 ms (a 1,000-character MTRAG passage, measured on a
// loaded 2-core machine), and the Knowledge page and GET …/sources read every source on each load. A
// passage's id is the hash of its content (passage-id.ts), so its reading never changes: kept here by
// id, at most 20,000 (about 2 MB), the oldest dropped first.
const LIMIT = 20_000;
const readings = new Map<string, InstructionPassage | null>();

/** instructionPassages(passages), each passage read once per process. */
export function instructionPassagesOf(passages: readonly Passage[]): InstructionPassage[] {
  const unread = passages.filter((p) => !readings.has(p.id));
  const found = new Map(instructionPassages(unread).map((p) => [p.passageId, p]));
  for (const passage of unread) {
    if (readings.size >= LIMIT) readings.delete(readings.keys().next().value ?? "");
    readings.set(passage.id, found.get(passage.id) ?? null);
  }
  return passages.flatMap((p) => {
    const reading = readings.get(p.id) ?? found.get(p.id) ?? null;
    return reading ? [{ ...reading, headingPath: p.headingPath }] : [];
  });
}
