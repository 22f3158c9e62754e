import { createHash } from "node:crypto";

/**
 * The content address of a passage: sha-256 (hex) of its heading path and its text with runs of
 * whitespace made one space. Where the passage sits (source, offsets) is not part of it, so a source
 * re-saved with one paragraph edited keeps the ids of every other passage, and config versions share them.
 */
export function passageId(headingPath: readonly string[], text: string): string {
  const canonical = JSON.stringify([headingPath.map(normalizeSpace), normalizeSpace(text)]);
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
